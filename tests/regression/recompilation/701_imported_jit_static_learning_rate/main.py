"""A learning-rate schedule passed to a static argument of a jitted update imported from
another module.

Source: https://github.com/google-deepmind/optax/issues/577
A float schedule value marked static is a new cache key every step: every step compiles. The
jitted update lives in `optim.py` (`sgd_update = jax.jit(_sgd_update, static_argnums=2)`);
the loop in the training script shows nothing static.

Observed on jax 0.10.x: _sgd_update compiled 3 times
"""

import jax.numpy as jnp

from .optim import sgd_update


def train(params, steps):
    for step in range(steps):
        lr = 0.1 / (1 + step)
        params = sgd_update(params, jnp.ones_like(params), lr)  # expect: JAX403
    return params


def run():
    train(jnp.ones(3), 3)
