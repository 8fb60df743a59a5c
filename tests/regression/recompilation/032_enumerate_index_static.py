"""The `enumerate` index of the batch loop passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/1879
A training loop that passes its batch position to a jitted function marked static compiles a
new version for every position.

Observed on jax 0.10.x: train_batch compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("batch_idx",))
def train_batch(params, batch, batch_idx):
    return params - 0.01 * batch.mean(0) * (batch_idx + 1)


def epoch(params, batches):
    for i, batch in enumerate(batches):
        params = train_batch(params, batch, batch_idx=i)  # expect: JAX403
    return params


def run():
    epoch(jnp.zeros(3), [jnp.ones((2, 3))] * 3)
