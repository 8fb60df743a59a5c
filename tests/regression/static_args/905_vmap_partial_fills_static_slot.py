"""``jax.partial(map_row, alpha, T)`` binds the leading parameters, so under
``vmap`` the batched row lands in the position declared static.

Source: https://openillumi.com/en/en-jax-vmap-non-hashable-error-fix
"Non-hashable static arguments are not supported in Jax when using vmap":
``map_row(z, alpha, T)`` is jitted with ``static_argnums=(1, 2)``;
``vmap(jax.partial(map_row, alpha, T), axis)(input)`` binds ``alpha`` and ``T``
to the first two slots, so the vmapped tracer ``z`` lands at index 2, a static
slot. Fix: ``vmap(lambda z: map_row(z, alpha, T), axis)(input)``.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def map_row(z, alpha, T):
    return jnp.exp(-alpha * z / T)


def transform(inputs, alpha=0.5, T=2.0):
    return jax.vmap(partial(map_row, alpha, T), in_axes=0)(inputs)  # expect: JAX302


def run():
    return transform(jnp.ones((4, 3)))
