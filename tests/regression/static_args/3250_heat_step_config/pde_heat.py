# physigym/pde_heat.py
from __future__ import annotations

import jax
import jax.numpy as jnp

from configs import HeatConfig


def laplacian_periodic(u, dx, dy):
    u_xx = (jnp.roll(u, -1, axis=0) - 2 * u + jnp.roll(u, 1, axis=0)) / dx**2
    u_yy = (jnp.roll(u, -1, axis=1) - 2 * u + jnp.roll(u, 1, axis=1)) / dy**2
    return u_xx + u_yy


@jax.jit
def heat_step(u: jnp.ndarray, cfg: HeatConfig) -> jnp.ndarray:
    """Single time step for the 2D heat/diffusion equation du/dt = kappa * lap(u)."""
    dx = cfg.length_x / cfg.nx
    dy = cfg.length_y / cfg.ny
    lap = laplacian_periodic(u, dx, dy)
    u_next = u + cfg.dt * cfg.kappa * lap
    return u_next
