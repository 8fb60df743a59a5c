"""Equilibrium layer of a Recurrent Equilibrium Network (REN)."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def tril_equlibrium_layer(activation, D11, b):
    """Solve ``w = activation(D11 @ w + b)`` for strictly lower-triangular D11."""
    w_eq = jnp.zeros_like(b)
    D11_T = D11.T
    for i in range(D11.shape[0]):  # expect: JAX407
        Di_T = D11_T[:i, i]
        wi = w_eq[..., :i]
        bi = b[..., i]
        Di_wi = wi @ Di_T
        w_eq = w_eq.at[..., i].set(activation(Di_wi + bi))
    return w_eq
