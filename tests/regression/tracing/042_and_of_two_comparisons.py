"""`return (x > 0) and (x < 3)` in a jitted predicate.

Source: https://github.com/RohitNagraj/Learning-JAX
A learning notebook records that Python's `and` on two traced comparisons fails under `jit`;
`jnp.logical_and` or `&` are the traceable spellings.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax


@jax.jit
def in_range(x):
    return (x > 0) and (x < 3)  # expect: JAX201


def run():
    return in_range(2)
