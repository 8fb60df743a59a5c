"""Special functions used by the thermodynamics module."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def Li(z, n):
    """Polylogarithm Li_n(z) by a truncated series (|z| < 1)."""
    k = jnp.arange(1, 40, dtype=jnp.float32)
    return jnp.sum(z[..., None] ** k / k**n, axis=-1)
