"""A statistic that draws from a NumPy ``Generator`` passed in as ``rng`` gets
jitted; every call returns the same variate.

Source: https://github.com/scipy/scipy/issues/24412
With ``jax_jit=True`` SciPy jits array-API functions such as ``bootstrap``;
``get_random_value(a, rng)`` returning ``rng.random()`` produced the same
number on each call because the host RNG ran only while tracing (the
Generator is a static argument) and its value was baked into the executable.

Observed on jax 0.10.2: 1 of 1 calls
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnames=("rng",))
def get_random_value(a, rng):
    return a * rng.random()  # expect: JAX106


def run():
    rng = np.random.default_rng(34982345)
    a = jnp.asarray(1.0)
    x = get_random_value(a, rng)
    y = get_random_value(a, rng)
    return int(np.allclose(x, y))
