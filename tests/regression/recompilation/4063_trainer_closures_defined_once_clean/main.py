"""In miltonllera/med (neural developmental programs trained with equinox) the
BackpropTrainer.run method defines its eqx.filter_jit'd grad_step closure once,
at the top of run() ("Define all functions here so that they are not
recompiled on each call to the loops"), and then calls that same jitted object
on every step of the fit loop. The jit is created inside a method, but only
once per training run; _fit_loop then runs it under jax.lax.scan for every
evaluation period, and the scan's body (same function, same avals) is
compiled once and reused.

Source: https://github.com/miltonllera/med/blob/110bb8865d4d1a7218c787c95f83116af7f4d3c1/src/trainer/backprop.py#L50
Observed on jax 0.10.x: scan compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from trainer import BackpropTrainer


def task(model, key):
    x = jr.normal(key, (8, 2))
    return jnp.mean((jax.vmap(model)(x) - x.sum(axis=1, keepdims=True)) ** 2)


def run():
    model = eqx.nn.Linear(2, 1, key=jr.PRNGKey(0))
    trainer = BackpropTrainer(task, optax.adam(1e-2), steps=5)
    trainer.run(model, jr.PRNGKey(1))
