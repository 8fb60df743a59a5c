"""jax.numpy scalar types build arrays: as static arguments they cannot be hashed."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def times(x: jax.Array, n: float) -> jax.Array:
    return x * n


times(jnp.arange(3.0), jnp.float32(2.0))  # E: Value of type `Array` passed to static parameter `n` of jitted function `times` cannot be hashed  [jaxcheck-unhashable-static]
times(jnp.arange(3.0), n=jnp.int32(2))  # E: Value of type `Array` passed to static parameter `n` of jitted function `times` cannot be hashed  [jaxcheck-unhashable-static]
