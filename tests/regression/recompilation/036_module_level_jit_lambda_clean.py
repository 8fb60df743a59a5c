"""A jitted lambda created once at module level and called in a loop.

Source: https://github.com/jax-ml/jax/issues/9288
Lambdas recompile when a new one is made per iteration; one lambda jitted once at import time is
a single cache entry.

Observed on jax 0.10.x: <lambda> compiled 1 time
"""

import jax
import jax.numpy as jnp

increment = jax.jit(lambda x: x + 1)


def count_up(x, n):
    for _ in range(n):
        x = increment(x)
    return x


def run():
    count_up(jnp.zeros(2), 3)
