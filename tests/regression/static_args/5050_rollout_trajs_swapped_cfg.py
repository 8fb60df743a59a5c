"""Active-matter score learning: the launcher jits `rollout(init_xg, noises, cfg)` with
static_argnums=2 (the frozen config), then `rollout_trajs` vmaps it over trajectories but calls
`rollout(cfg, init_xg, traj_noises)` with the arguments in the wrong order. The per-trajectory noise
tracer lands on the static position (and the config on a traced one), so generating the dataset
dies as soon as rollout_trajs is traced. (ml_collections' FrozenConfigDict is replaced by a small
hashable stand-in; the jit/vmap structure is the author's.)

Source: https://github.com/nmboffi/active_pflows/blob/236907499af8c13f8d6507a732f6e0b72fd54999/py/launchers/few_particles_split_score.py#L79
Observed on jax 0.10.x: raises ValueError
"""
import functools
from typing import NamedTuple

import jax
import jax.numpy as np


class FrozenConfigDict(NamedTuple):
    dt: float = 1e-3
    v0: float = 0.25
    gamma: float = 1.0


def step_system(xg, noise, cfg):
    return xg + cfg.dt * cfg.v0 * np.tanh(xg) + np.sqrt(2 * cfg.dt * cfg.gamma) * noise.reshape(xg.shape)


@functools.partial(jax.jit, static_argnums=2)
def rollout(init_xg, noises, cfg):
    def scan_fn(xg, noise):
        xgnext = step_system(xg, noise, cfg)
        return xgnext, xgnext

    xg_final, xg_traj = jax.lax.scan(scan_fn, init_xg, noises)
    return xg_final, xg_traj


@functools.partial(jax.jit, static_argnums=2)
def rollout_trajs(init_xgs, noises, cfg):
    return jax.vmap(lambda init_xg, traj_noises: rollout(cfg, init_xg, traj_noises)[0])(  # expect: JAX302
        init_xgs, noises
    )


def run():
    cfg = FrozenConfigDict()
    key = jax.random.PRNGKey(0)
    ntrajs, nsteps, N, d = 3, 5, 2, 2
    init_xgs = jax.random.normal(key, (ntrajs, 2 * N * d))
    noises = jax.random.normal(key, (ntrajs, nsteps, 2 * N, d))
    xgs = rollout_trajs(init_xgs, noises, cfg)
    return xgs.shape
