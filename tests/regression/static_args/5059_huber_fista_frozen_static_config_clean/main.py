"""Tomography alignment: the Huber-FISTA reconstruction stage runs once per outer alignment
iteration. The fix moved the jitted core to module level with the geometry and solver config as
static_argnames; Grid, Detector and FistaCoreConfig are frozen dataclasses rebuilt each iteration
from the same settings, so they hash and compare equal and the core compiles once for all outer
iterations.

Source: https://github.com/tristanmanchester/tomojax/blob/493e2d3da440eb1656ae0348bd107200ddd3a613/src/tomojax/align/_reconstruction_stage.py#L21
Observed on jax 0.10.x: _run_huber_fista_core_jit compiled 1 times
"""
import jax
import jax.numpy as jnp

from geometry import Detector, FistaCoreConfig, Grid
from recon import _run_huber_fista_core_jit


def reconstruction_stage(x, T_all, projections, recon_iters, L_prev):
    grid = Grid(nx=4, ny=4)
    detector = Detector(nu=6)
    core_cfg = FistaCoreConfig(iters=int(recon_iters), L=float(L_prev))
    x_core, loss = _run_huber_fista_core_jit(x, T_all, projections, grid=grid, detector=detector, cfg=core_cfg)
    return x_core, {"loss": [float(v) for v in list(loss)]}


def run():
    key = jax.random.PRNGKey(0)
    T_all = jax.random.normal(key, (3, 6, 16))
    projections = jax.random.normal(key, (3, 6))
    x = jnp.zeros((4, 4))
    for outer_idx in range(3):
        x, info = reconstruction_stage(x, T_all, projections, recon_iters=5, L_prev=200.0)
    return len(info["loss"])
