"""CoVO-MPC: `logging.info` of the loss inside the jitted training update.

Source: https://github.com/LeCAR-Lab/CoVO-MPC/issues/2
(CoVO-MPC, "Unable to log DynamicJaxprTrace, use jax.debug.print() instead").

The PPO-style training update (jitted, with the epoch loop in `lax.scan`)
calls a small helper `_log_loss(total_loss)` that takes the mean of the loss
and passes it to `logging.info`. The log shows
`[INFO]: Traced<ShapedArray(float32[])>with<DynamicJaxprTrace(...)>`: the
Python logging call runs once, at trace time, with a tracer, and never again
for later updates. Update math trimmed to a linear policy.

Observed on jax 0.10.2: 1 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp


def _log_loss(total_loss):
    total_loss_mean = jnp.mean(total_loss[0])
    logging.info(total_loss_mean)  # expect: JAX102


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


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run():
    root = logging.getLogger()
    handler, old_level = _Count(), root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        params = jnp.zeros((3, 2))
        key = jax.random.PRNGKey(0)
        for _ in range(3):
            key, k1, k2 = jax.random.split(key, 3)
            batch = (jax.random.normal(k1, (32, 3)), jax.random.normal(k2, (32, 2)))
            params, _ = _update_step(params, batch)
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
    return len(handler.records)
