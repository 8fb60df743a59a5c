"""Debug print left in the scanned rollout of a jitted physics-constrained learner.

The learner builder returns `loss_fun` and `update`; the training script jits `update`, which
differentiates `loss_fun`, whose `jax.lax.scan` rollout body still contains `print(extra)` from
debugging the (control, next-state) pairs fed to each rollout step. The print runs when the
scan body is traced, shows tracers rather than the data, and is silent on every later training
step. run() returns how many of three jitted updates wrote anything to stdout.

Source: https://github.com/santiago-a-serrano/robust_physics_constrained_nn/blob/c4795236aaef2f85af199c6d2a5f51ef5a3db2af/physics_constrained_nn/utils.py#L180
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import optax

from utils import build_learner_without_sideinfo


def run():
    optim = optax.adam(1e-3)
    params, pred_xnext, loss_fun, update = build_learner_without_sideinfo(
        jax.random.PRNGKey(0), optim, nstate=2, ncontrol=1)
    opt_state = optim.init(params)
    update_jit = jax.jit(update, static_argnums=(5,))
    x = jnp.ones((4, 2))
    u = jnp.ones((3, 4, 1))
    xnext = jnp.zeros((3, 4, 2))
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            params, opt_state = update_jit(params, opt_state, xnext, x, u, 2)
        printed += bool(buf.getvalue())
    return printed
