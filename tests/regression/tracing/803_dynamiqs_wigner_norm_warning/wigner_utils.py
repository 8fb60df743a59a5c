"""Trimmed dynamiqs/utils/wigner_utils.py: `wigner()` calls the norm check."""
from functools import partial

import jax
import jax.numpy as jnp

from _checks import _warn_non_normalised, check_shape


def todm(state):
    return state @ state.conj().mT if state.shape[-1] == 1 else state


@partial(jax.jit, static_argnames=("npixels",))
def wigner(state, xmax: float = 4.0, ymax: float = 4.0, npixels: int = 31):
    """Wigner function of `state` on a square grid (series evaluation trimmed:
    the Laguerre-series kernel is replaced by the Fock-basis displaced-parity
    sum, which keeps the same inputs and the same checks)."""
    check_shape(state, "state", "(..., n, 1)", "(..., n, n)")
    _warn_non_normalised(state, "state")

    rho = todm(state)
    n = rho.shape[-1]
    x = jnp.linspace(-xmax, xmax, npixels)
    y = jnp.linspace(-ymax, ymax, npixels)
    alpha = x[:, None] + 1j * y[None, :]
    parity = (-1.0) ** jnp.arange(n)
    k = jnp.arange(n)
    coherent = jnp.exp(-0.5 * jnp.abs(alpha)[..., None] ** 2) * alpha[..., None] ** k
    coherent = coherent / jnp.sqrt(jnp.cumprod(jnp.maximum(k, 1)))
    w = jnp.einsum("xyk,kl,xyl,l->xy", coherent.conj(), rho, coherent, parity).real
    return x, y, 2.0 * w / jnp.pi
