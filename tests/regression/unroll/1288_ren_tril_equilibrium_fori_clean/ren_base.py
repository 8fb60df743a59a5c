"""Equilibrium layer of a Recurrent Equilibrium Network (REN)."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def tril_equlibrium_layer(activation, D11, b):
    """Solve ``w = activation(D11 @ w + b)`` for strictly lower-triangular D11.

    Because D11 is strictly lower triangular and w starts at zero, row i only
    sees the already-solved entries, so a full-row product is equivalent to
    the sliced one and the loop can run as a fori_loop with dynamic indexing.
    """
    def body(i, w_eq):
        Di_wi = w_eq @ D11[i]
        return w_eq.at[..., i].set(activation(Di_wi + b[..., i]))

    return jax.lax.fori_loop(0, D11.shape[0], body, jnp.zeros_like(b))
