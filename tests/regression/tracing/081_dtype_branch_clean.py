"""Branching on `x.dtype` inside `jit`: dtypes are static like shapes.

Source: https://github.com/jax-ml/jax/issues/4274
Traces specialise on dtype (which is why int and float inputs compile separately), so a Python
`if` on the dtype is decided at trace time.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def to_unit_range(x):
    if x.dtype == jnp.uint8:
        return x.astype(jnp.float32) / 255.0
    if jnp.issubdtype(x.dtype, jnp.integer):
        return x.astype(jnp.float32)
    return x


def run():
    to_unit_range(jnp.arange(3, dtype=jnp.uint8))
    to_unit_range(jnp.arange(3.0))
