"""A Python `for i in range(3)` inside `jit`: a fixed unroll, not a traced bound.

Source: https://github.com/jax-ml/jax/pull/8931
The tracing-time logging example jits a function with a Python `for _ in range(...)` over a
literal count; the loop simply unrolls during tracing.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp

NUM_LAYERS = 3


@jax.jit
def mlp(params, x):
    for i in range(NUM_LAYERS):
        x = jnp.tanh(x @ params[i])
    return x


def run():
    mlp(jnp.ones((3, 4, 4)), jnp.ones(4))
