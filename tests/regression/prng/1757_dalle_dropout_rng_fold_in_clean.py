"""dalle-mini's training script keeps the dropout key in the train state: each `train_step`
splits `state.dropout_rng` into the key used now and the one stored for the next step, and
(after this commit) folds in `jax.process_index()` so every host in a multi-node run draws a
different dropout mask from the same replicated state. The key advances every step and the
fold_in is a deliberate per-node derivation, so consecutive steps never reuse a mask.

Source: https://github.com/borisdayma/dalle-mini/commit/2d212d88bddb539a1e2e9a3f9df2b62c166fb6c7
Observed on jax 0.10.x: 0 of 3 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class TrainState(NamedTuple):
    params: jax.Array
    dropout_rng: jax.Array
    step: jax.Array


def train_step(state, batch):
    dropout_rng, new_dropout_rng = jax.random.split(state.dropout_rng)
    # use a different rng per node
    dropout_rng = jax.random.fold_in(dropout_rng, jax.process_index())

    def compute_loss(params, minibatch):
        keep = jax.random.bernoulli(dropout_rng, 0.9, minibatch.shape)
        x = jnp.where(keep, minibatch / 0.9, 0.0)
        return jnp.mean((x @ params) ** 2), keep

    (loss, keep), grads = jax.value_and_grad(compute_loss, has_aux=True)(state.params, batch)
    new_state = TrainState(state.params - 0.01 * grads, new_dropout_rng, state.step + 1)
    return new_state, loss, keep


p_train_step = jax.jit(train_step)


def run():
    state = TrainState(jnp.ones(4), jax.random.PRNGKey(0), jnp.array(0))
    batch = jnp.ones((8, 4))
    masks = []
    for _ in range(4):
        state, loss, keep = p_train_step(state, batch)
        masks.append(np.asarray(keep))
    return sum(int(np.array_equal(a, b)) for a, b in zip(masks, masks[1:]))
