"""levanter wanted to log extra metrics (e.g. the "hero" run's per-layer stats) from inside the
jitted train step. Calling the ordinary wandb-backed `log_metrics` there only runs while the step
is traced: the first call logs tracers, every later call logs nothing. PR #115 added a separate
version of `wandb.log` routed through a host callback so it can be called from within jit.

Source: https://github.com/marin-community/levanter/pull/115
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp
import optax

import tracker

optimizer = optax.sgd(0.1)


def loss_fn(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y, step):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grad_norm = optax.global_norm(grads)
    tracker.log_metrics({"train/loss": loss, "train/grad_norm": grad_norm}, step=step)  # expect: JAX101,JAX102
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def run():
    params = {"w": jnp.zeros((3,)), "b": jnp.zeros(())}
    opt_state = optimizer.init(params)
    x = jnp.ones((8, 3))
    y = jnp.ones((8,))
    missed = 0
    for step in range(3):
        before = len(tracker.history())
        params, opt_state, loss = train_step(params, opt_state, x, y, step)
        missed += len(tracker.history()) == before
    return missed
