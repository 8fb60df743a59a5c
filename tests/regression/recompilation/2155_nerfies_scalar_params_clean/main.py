"""Nerfies binds its boolean loss switches with functools.partial once
(`train_step = functools.partial(training.train_step, model, use_elastic_loss=...)`),
pmaps it once, and then every iteration rebuilds `scalar_params` with the scheduled
learning rate and elastic-loss weight (`scalar_params.replace(learning_rate=sched(step),
...)`) before calling `ptrain_step(keys, state, batch, scalar_params)`. ScalarParams is a
pytree dataclass, so the changing floats are traced leaves (in_axes None): the step
compiles once despite new values every step. Rebuilt with jax.jit on
one device instead of jax.pmap.

Source: https://github.com/google/nerfies/blob/1a38512214cfa14286ef0561992cca9398265e13/train.py#L280
Observed on jax 0.10.x: train_step compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp

import training


def model(params, origins):
    return jnp.tanh(origins @ params)


def run():
    train_step = functools.partial(training.train_step, model, use_elastic_loss=True, use_background_loss=False)
    ptrain_step = jax.jit(train_step, donate_argnums=(2,))
    keys = jax.random.PRNGKey(0)
    state = jnp.ones((3, 3)) * 0.1
    scalar_params = training.ScalarParams(learning_rate=1e-3)
    for step in range(12):
        batch = {"origins": jnp.ones((16, 3)) * step, "rgb": jnp.full((16, 3), 0.5)}
        scalar_params = scalar_params.replace(
            learning_rate=1e-3 * 0.9 ** step, elastic_loss_weight=min(1.0, step / 10)
        )
        state, loss, keys = ptrain_step(keys, state, batch, scalar_params)
