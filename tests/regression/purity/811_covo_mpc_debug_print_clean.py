"""CoVO-MPC (clean look-alike): the loss is reported with `jax.debug.print`.

Source: https://github.com/LeCAR-Lab/CoVO-MPC/issues/2
(CoVO-MPC, "Unable to log DynamicJaxprTrace, use jax.debug.print() instead").

Same jitted update as the hazard case, but `_log_loss` uses
`jax.debug.print`, which is staged into the computation and fires on every
call with the concrete value (what the issue settled on). The host-side
`logging.info` of the returned loss happens outside jit. A linter must not
flag it.

Observed on jax 0.10.2: 3 of 3 calls
"""
import io
import logging
from contextlib import redirect_stdout

import jax
import jax.numpy as jnp


def _log_loss(total_loss):
    total_loss_mean = jnp.mean(total_loss[0])
    jax.debug.print("total_loss_mean={x}", x=total_loss_mean)


def _loss_fn(params, obs, targets):
    pred = obs @ params
    value_loss = jnp.mean((pred - targets) ** 2, axis=-1)
    return jnp.mean(value_loss), (value_loss,)


@jax.jit
def _update_step(params, batch):
    obs, targets = batch

    def _update_epoch(params, _):
        (loss, aux), grads = jax.value_and_grad(_loss_fn, has_aux=True)(params, obs, targets)
        params = params - 1e-2 * grads
        return params, (loss, aux[0])

    params, total_loss = jax.lax.scan(_update_epoch, params, None, length=4)
    _log_loss(total_loss)
    return params, total_loss


def run():
    out = io.StringIO()
    params = jnp.zeros((3, 2))
    key = jax.random.PRNGKey(0)
    with redirect_stdout(out):
        for _ in range(3):
            key, k1, k2 = jax.random.split(key, 3)
            batch = (jax.random.normal(k1, (32, 3)), jax.random.normal(k2, (32, 2)))
            params, total_loss = _update_step(params, batch)
            jax.effects_barrier()
            logging.info("epoch loss %s", float(total_loss[0].mean()))
    return out.getvalue().count("total_loss_mean=")
