"""physinet-operator's higher-order-spectral wave step passes its physical constants as a
`WaveParams` object marked static via `jax.jit(_wave_step_hos_impl, static_argnums=(2,))`.
Unlike the other PhysiGym configs, `WaveParams` is a `@dataclass(frozen=True)` of floats and
ints: it hashes by value, and the roll-out builds it once from the config before the time loop,
so every step reuses the single compiled kernel.

Source: https://github.com/aoctavia/physinet-operator/blob/005317cc8cf1bec9e3d750abd28b8a7aedef31f5/physigym/wave2d_hos.py#L54
Observed on jax 0.10.x: _wave_step_hos_impl compiled 1 times
"""
from __future__ import annotations
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class WaveParams:
    dt: float = 0.01
    g: float = 9.81
    depth: float = 50.0
    nx: int = 32
    ny: int = 32


def _wave_step_hos_impl(eta: jnp.ndarray, phi: jnp.ndarray, params: WaveParams):
    """Simplified HOS-like nonlinear free-surface model."""
    dphi_dx = 0.5 * (jnp.roll(phi, -1, axis=0) - jnp.roll(phi, 1, axis=0))
    dphi_dy = 0.5 * (jnp.roll(phi, -1, axis=1) - jnp.roll(phi, 1, axis=1))
    deta_dx = 0.5 * (jnp.roll(eta, -1, axis=0) - jnp.roll(eta, 1, axis=0))
    deta_dy = 0.5 * (jnp.roll(eta, -1, axis=1) - jnp.roll(eta, 1, axis=1))

    eta_t = -(dphi_dx * deta_dx + dphi_dy * deta_dy)
    grad_phi_sq = dphi_dx**2 + dphi_dy**2
    phi_t = -params.g * eta - 0.5 * grad_phi_sq

    return eta + params.dt * eta_t, phi + params.dt * phi_t


wave_step_hos = jax.jit(
    _wave_step_hos_impl,
    static_argnums=(2,),   # makes params static
)


def roll_out_wave_hos(dt=0.01, nx=32, ny=32, hos_steps=6):
    x = jnp.linspace(0, 2 * jnp.pi, nx)
    eta = 0.1 * jnp.sin(x)[:, None] * jnp.ones((1, ny))
    phi = jnp.zeros((nx, ny))
    params = WaveParams(dt=dt, g=9.81, depth=50.0, nx=nx, ny=ny)
    states = []
    for _ in range(hos_steps):
        states.append(np.array(eta))
        eta, phi = wave_step_hos(eta, phi, params)
    return {"u": np.stack(states, axis=0)}


def run():
    traj = roll_out_wave_hos()
    return traj["u"].shape
