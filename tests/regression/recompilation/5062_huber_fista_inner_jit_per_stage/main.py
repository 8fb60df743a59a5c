"""Tomography alignment: every outer alignment iteration calls the reconstruction stage, whose
Huber-FISTA helper defines `@jax.jit def run(x_in, T_in)` as a fresh closure over the projections
and config and calls it immediately. Each outer iteration therefore traces and compiles the whole
FISTA scan again. The project later moved the core to a module-level jitted function with frozen
static config ("perf: cache huber alignment FISTA core jit").

Source: https://github.com/tristanmanchester/tomojax/blob/f95762a3eda41acfc087027cf67094c36ff3fc44/src/tomojax/align/_reconstruction_stage.py#L103
Observed on jax 0.10.x: run compiled 3 times
"""
import jax
import jax.numpy as jnp

from stage import reconstruction_stage


def run():
    key = jax.random.PRNGKey(0)
    T_all = jax.random.normal(key, (3, 6, 16))
    projections = jax.random.normal(key, (3, 6))
    x = jnp.zeros((4, 4))
    cfg = {"recon_iters": 5}
    for outer_idx in range(3):
        x, info = reconstruction_stage(x, T_all, projections, cfg, L_prev=200.0)
    return len(info["loss"])
