"""FIKH fractional model: the isothermal scan kernel was jitted with static_argnums=(2, 3, 4),
so the fractional order alpha (a continuous model parameter) was static. Sweeping alpha to map out
the fit landscape compiles the whole scan once per alpha value; the maintainers' fix dropped
alpha from static_argnums (static_argnums=(2, 4)).

Source: https://github.com/imewei/rheojax/commit/580cd45401436f8fa0bcb3b81654f603b6fcf6b1
Observed on jax 0.10.x: fikh_scan_kernel_isothermal compiled 4 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2, 3, 4))
def fikh_scan_kernel_isothermal(times, strains, n_history=100, alpha=0.5, use_viscosity=True, **params):
    k = jnp.arange(n_history, dtype=jnp.float32)
    w = (k + 1.0) ** (1.0 - alpha) - k ** (1.0 - alpha)
    dt = times[1] - times[0]

    def body(hist, strain):
        hist = jnp.roll(hist, 1).at[0].set(strain)
        sigma = params["G"] * jnp.dot(w, hist) * dt ** (-alpha)
        if use_viscosity:
            sigma = sigma + params["eta"] * strain
        return hist, sigma

    _, stresses = jax.lax.scan(body, jnp.zeros(n_history), strains)
    return stresses


def alpha_landscape(times, strains, stress_obs, alphas, n_history=16):
    out = []
    for alpha in alphas:
        pred = fikh_scan_kernel_isothermal(times, strains, n_history, float(alpha), True, G=1.0, eta=0.1)  # expect: JAX403
        out.append(float(jnp.mean((pred - stress_obs) ** 2)))
    return out


def run():
    times = jnp.linspace(0.0, 1.0, 20)
    strains = 0.1 * jnp.sin(2 * jnp.pi * times)
    losses = alpha_landscape(times, strains, 0.5 * strains, alphas=[0.2, 0.4, 0.6, 0.8])
    return len(losses)
