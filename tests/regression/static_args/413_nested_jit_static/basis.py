import functools

import jax
import jax.numpy as jnp

from grid import num_modes


@functools.partial(jax.jit, static_argnums=(1,))
def fourier_basis(theta, order):
    m = jnp.arange(num_modes(order)) - order  # expect: JAX306,JAX204
    return jnp.exp(1j * m[None, :] * theta[:, None])
