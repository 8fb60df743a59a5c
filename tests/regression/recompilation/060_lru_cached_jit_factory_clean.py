"""A factory that jits a lambda, memoised with `functools.lru_cache`, called every step.

Source: https://github.com/jax-ml/jax/issues/9288
A lambda jitted per call recompiles per call; memoising the factory on its (hashable) arguments
returns the same jitted function each time, so it compiles once per distinct argument.

Observed on jax 0.10.x: <lambda> compiled 1 time
"""

import functools

import jax
import jax.numpy as jnp


@functools.lru_cache(maxsize=None)
def make_update(lr):
    return jax.jit(lambda p, g: p - lr * g)


def train(params, steps=3):
    for _ in range(steps):
        params = make_update(0.1)(params, jnp.ones_like(params))
    return params


def run():
    train(jnp.ones(3))
