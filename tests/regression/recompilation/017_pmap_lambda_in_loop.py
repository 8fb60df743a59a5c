"""`jax.pmap(lambda ...)` built inside a loop.

Source: https://github.com/jax-ml/jax/issues/9288
The same cache rule as jit: pmap of a lambda created per iteration is a new function each
time, and compiles each time.

Observed on jax 0.10.x: _fun compiled 3 times (pmap compiles through an inner `jit(_fun)`)
"""

import jax
import jax.numpy as jnp


def all_reduce_steps(x, steps=3):
    for _ in range(steps):
        x = jax.pmap(lambda v: v * 0.5)(x)  # expect: JAX401
    return x


def run():
    all_reduce_steps(jnp.ones((jax.local_device_count(), 3)))
