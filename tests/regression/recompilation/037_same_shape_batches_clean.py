"""Batches sliced with a fixed size from data whose length is a multiple of it.

Source: https://github.com/patrick-kidger/diffrax/issues/111
The ragged-last-batch recompile disappears when every batch has the same shape (drop the
remainder, or size the data to a multiple of the batch size).

Observed on jax 0.10.x: make_step compiled 1 time
"""

import jax
import jax.numpy as jnp


@jax.jit
def make_step(params, batch):
    return params - 0.01 * jnp.mean(batch, axis=0)


def train_epoch(params, data, batch_size=4):
    n_full = data.shape[0] // batch_size * batch_size
    for start in range(0, n_full, batch_size):
        params = make_step(params, data[start:start + batch_size])
    return params


def run():
    train_epoch(jnp.zeros(3), jnp.ones((12, 3)))
