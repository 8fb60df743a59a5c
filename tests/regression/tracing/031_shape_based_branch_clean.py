"""Branching on `x.shape[0]` and `x.ndim` inside `jit`: shapes are static.

Source: https://github.com/jax-ml/jax/issues/2521
A maintainer explains JAX specialises traces on shapes: `x.shape[0]` is a Python int during
tracing, so Python control flow on it is fine (one compile per shape).

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def mean0(x):
    if x.ndim == 1:
        x = x[None, :]
    if x.shape[0] > 1:
        return x.sum(0) / x.shape[0]
    return x[0]


def run():
    mean0(jnp.ones(3))
    mean0(jnp.ones((4, 3)))
