import functools

import jax
import jax.numpy as jnp

from geometry import Detector, FistaCoreConfig, Grid


def forward(x, T):
    return jnp.einsum("vij,j->vi", T, x.ravel())


def fista_tv_core_arrays(x0, T_all, projections, grid, detector, cfg):
    def body(x, _):
        r = forward(x, T_all) - projections
        g = jnp.einsum("vij,vi->j", T_all, r).reshape(x.shape)
        x = x - g / cfg.L
        return x, 0.5 * jnp.sum(r**2)

    x, loss = jax.lax.scan(body, x0, None, length=cfg.iters)
    return x, loss


@functools.partial(jax.jit, static_argnames=("grid", "detector", "cfg"))
def _run_huber_fista_core_jit(x0, T_all, projections, *, grid: Grid, detector: Detector, cfg: FistaCoreConfig):
    return fista_tv_core_arrays(x0, T_all, projections, grid, detector, cfg)
