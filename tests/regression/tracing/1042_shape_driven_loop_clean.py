"""Loop bound taken from a static shape, branch via jnp.where.

Source: https://mint.westdri.ca/ai/jx_jit
What happened: the course page shows cond_func (`if x < 0.0`) raising
TracerBoolConversionError under jit; loops whose bounds come from static shapes
and value-dependent selection with jnp.where trace fine.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def piecewise_sum(x):
    total = 0.0
    for i in range(x.shape[0]):
        total = total + jnp.where(x[i] < 0.0, x[i] ** 2, x[i] ** 3)
    return total


def run():
    return piecewise_sum(jnp.array([-1.0, 2.0, 0.5]))
