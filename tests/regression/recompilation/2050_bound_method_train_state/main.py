"""A small GPT trainer keeps everything in one NamedTuple `TrainState` (model, loss function,
optimiser, weights, opt_state). `train1` calls the shared update `jax_calc_updates`, whose first
two arguments are static, with the bound method `self.loss_fn`, and returns `self._replace(...)`.
Every step therefore passes a bound method of a NEW TrainState: bound methods hash and compare by
the identity of their `self`, so the static-argument cache misses and the update is traced and
compiled again on every training step (the author's next commit, "fixed the jit problem, now able
to train", split the constant parts into a separate TrainConfig).

Source: https://github.com/cwhy/rwkv-decon/blob/6602af1050ac4759d7c10699e27ca612f67f5789/train_gpt.py#L83
Observed on jax 0.10.x: jax_calc_updates compiled 4 times
"""
from __future__ import annotations

from typing import Callable, Generic, TypeVar

import jax
import jax.numpy as jnp
import optax
from optax import GradientTransformation, OptState
from typing_extensions import NamedTuple

from frame_train_utils import jax_calc_updates

W = TypeVar('W')


def gpt_loss_batch(model, w, batch):
    inputs, labels = batch
    logits = inputs @ w['wte'] + w['b']
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


class TrainState(NamedTuple, Generic[W]):
    model: str
    loss_fn_in: Callable
    optimiser: GradientTransformation
    weights: W
    opt_state: OptState

    def loss_fn(self, weights, batch):
        return self.loss_fn_in(self.model, weights, batch)

    def train1(self, batch) -> "TrainState":
        weights, opt_state = jax_calc_updates(self.optimiser,  # expect: JAX405
                                              self.loss_fn,
                                              self.weights,
                                              batch,
                                              self.opt_state)
        return self._replace(weights=weights, opt_state=opt_state)


def run():
    init_weights_ = {'wte': jnp.zeros((8, 5)), 'b': jnp.zeros((5,))}
    optimizer_ = optax.adam(learning_rate=1e-4)
    train_state_ = TrainState(model="gpt", loss_fn_in=gpt_loss_batch, optimiser=optimizer_,
                              weights=init_weights_, opt_state=optimizer_.init(init_weights_))
    keys_ = jax.random.split(jax.random.PRNGKey(0), 4)
    for step in range(4):
        batch_ = (jax.random.normal(keys_[step], (4, 8)), jnp.arange(4) % 5)
        train_state_ = train_state_.train1(batch_)
    return 0
