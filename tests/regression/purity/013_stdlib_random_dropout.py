"""Drawing a dropout decision with Python's `random` inside a jitted layer.

Source: https://github.com/google/objax/issues/208
A random generator that is not threaded through `jit` returns the same number on every call of
the compiled function: the draw happened once, during tracing.

Observed on jax 0.10.x: a distinct output in 1 of 3 calls
"""

import random

import jax
import jax.numpy as jnp


@jax.jit
def stochastic_depth(x, residual):
    keep = random.random() > 0.5  # expect: JAX106
    return x + residual if keep else x


def run():
    random.seed(0)
    outputs = set()
    for _ in range(3):
        outputs.add(float(stochastic_depth(jnp.float32(1.0), jnp.float32(1.0))))
    return len(outputs)
