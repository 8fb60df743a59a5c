from functools import partial

import jax
import jax.numpy as jnp


def caputo_weights(alpha, n_history):
    k = jnp.arange(n_history, dtype=jnp.float32)
    return (k + 1.0) ** (1.0 - alpha) - k ** (1.0 - alpha)


@partial(jax.jit, static_argnums=(2, 3, 4))
def fikh_scan_kernel_isothermal(
    times: jnp.ndarray,
    strains: jnp.ndarray,
    n_history: int = 100,
    alpha: float = 0.5,
    use_viscosity: bool = True,
    **params,
) -> jnp.ndarray:
    """Scan kernel for isothermal FIKH model (fractional memory of order alpha)."""
    w = caputo_weights(alpha, n_history)
    dt = times[1] - times[0]

    def body(carry, strain):
        hist, sigma = carry
        hist = jnp.roll(hist, 1).at[0].set(strain)
        sigma = params["G"] * jnp.dot(w, hist) * dt ** (-alpha)
        if use_viscosity:
            sigma = sigma + params["eta"] * strain
        return (hist, sigma), sigma

    _, stresses = jax.lax.scan(body, (jnp.zeros(n_history), 0.0), strains)
    return stresses
