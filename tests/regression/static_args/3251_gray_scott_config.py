"""physinet-operator's PhysiGym also simulates Gray-Scott reaction-diffusion. `gray_scott_step`
is jitted with a bare `@jax.jit` and receives `ReactionDiffusionConfig` (a mutable
`@dataclass` with Du, Dv, F, k and the grid sizes) as an ordinary traced argument next to the
two concentration fields. A dataclass that is not a registered pytree cannot be traced, so
the roll-out dies on its first step; the config needed to be a static (hashable) argument.

Source: https://github.com/aoctavia/physinet-operator/blob/005317cc8cf1bec9e3d750abd28b8a7aedef31f5/physigym/pde_reacdiff.py#L13
Observed on jax 0.10.x: raises TypeError
"""
from __future__ import annotations
from dataclasses import dataclass
from typing import Tuple

import numpy as np
import jax
import jax.numpy as jnp


@dataclass
class ReactionDiffusionConfig:
    nx: int = 32
    ny: int = 32
    dt: float = 1.0
    steps: int = 4
    length_x: float = 1.0
    length_y: float = 1.0
    Du: float = 0.16
    Dv: float = 0.08
    F: float = 0.035
    k: float = 0.065


@jax.jit
def gray_scott_step(
    u: jnp.ndarray,
    v: jnp.ndarray,
    cfg: ReactionDiffusionConfig,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    dx = cfg.length_x / cfg.nx
    dy = cfg.length_y / cfg.ny

    def laplacian(u: jnp.ndarray) -> jnp.ndarray:
        u_xx = (jnp.roll(u, -1, axis=0) - 2 * u + jnp.roll(u, 1, axis=0)) / (dx ** 2)
        u_yy = (jnp.roll(u, -1, axis=1) - 2 * u + jnp.roll(u, 1, axis=1)) / (dy ** 2)
        return u_xx + u_yy

    uvv = u * (v ** 2)
    du = cfg.Du * laplacian(u) - uvv + cfg.F * (1.0 - u)
    dv = cfg.Dv * laplacian(v) + uvv - (cfg.F + cfg.k) * v
    return u + cfg.dt * du, v + cfg.dt * dv


def roll_out_gray_scott(cfg: ReactionDiffusionConfig):
    u = jnp.ones((cfg.nx, cfg.ny))
    v = jnp.zeros((cfg.nx, cfg.ny)).at[12:20, 12:20].set(0.25)
    states_u, states_v = [], []
    for _ in range(cfg.steps):
        states_u.append(np.array(u))
        states_v.append(np.array(v))
        u, v = gray_scott_step(u, v, cfg)  # expect: JAX306
    return {"u": np.stack(states_u, axis=0), "v": np.stack(states_v, axis=0)}


def run():
    traj = roll_out_gray_scott(ReactionDiffusionConfig())
    return traj["u"].shape
