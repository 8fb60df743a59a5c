"""A Python list of layer sizes given to an `eqx.filter_jit` function.

Source: https://github.com/patrick-kidger/equinox/issues/686
`filter_jit` flattens its arguments: a list is a pytree node and its ints become static leaves,
so no hash of the list is needed.

Observed on jax 0.10.x: runs
"""

import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def widen(x, sizes):
    return jnp.concatenate([x] * len(sizes)) * sum(sizes)


def run():
    widen(jnp.ones(2), [4, 8])
