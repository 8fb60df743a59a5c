"""The look-alike of 701: the static argument of the imported jitted update is a bool that
alternates, so there are two compilations in all, both cached.

Source: https://github.com/google-deepmind/optax/issues/577
Bounded variation of a static argument compiles once per value and then hits the cache.

Observed on jax 0.10.x: _update compiled 2 times
"""

import jax.numpy as jnp

from optim import update


def train(params, steps):
    for step in range(steps):
        params = update(params, jnp.ones_like(params), step % 2 == 0)
    return params


def run():
    train(jnp.ones(3), 3)
