"""ReBRAC's actor update (`update_actor`) has `normalize_q: bool` and `beta: float` parameters and
branches with a plain `if normalize_q:` inside the loss that jax differentiates and jits. The
flag is bound from the config with `functools.partial(update_td3, ..., normalize_q=config.normalize_q)`
before the function is ever traced, so it is an ordinary Python bool at trace time, not a
traced array; only `beta`-weighted arrays flow through jit.

Source: https://github.com/tinkoff-ai/ReBRAC/blob/694385b72fcef2ae318e3f0ff41ca36122355343/src/algorithms/rebrac.py#L92
Observed on jax 0.10.x: update_td3 compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def actor_apply(params, states):
    return jnp.tanh(states @ params["w"])


def critic_apply(params, states, actions):
    return jnp.stack([jnp.sum(states, -1) - jnp.sum((actions - c) ** 2, -1) for c in params["c"]])


def update_actor(key, actor_params, critic_params, batch, beta: float, normalize_q: bool):
    key, random_action_key = jax.random.split(key, 2)

    def actor_loss_fn(params):
        actions = actor_apply(params, batch["states"])
        bc_penalty = ((actions - batch["actions"]) ** 2).sum(-1)
        q_values = critic_apply(critic_params, batch["states"], actions).min(0)
        lmbda = 1
        if normalize_q:
            lmbda = jax.lax.stop_gradient(1 / jax.numpy.abs(q_values).mean())
        loss = (beta * bc_penalty - lmbda * q_values).mean()
        random_actions = jax.random.uniform(random_action_key, shape=batch["actions"].shape, minval=-1.0, maxval=1.0)
        return loss, ((random_actions - batch["actions"]) ** 2).sum(-1).mean()

    grads, bc_mse_random = jax.grad(actor_loss_fn, has_aux=True)(actor_params)
    new_params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, actor_params, grads)
    return key, new_params, bc_mse_random


def update_td3(key, actor_params, critic_params, batch, actor_bc_coef, normalize_q):
    return update_actor(key, actor_params, critic_params, batch, actor_bc_coef, normalize_q)


def run():
    rng = np.random.RandomState(0)
    batch = {"states": rng.randn(16, 4).astype(np.float32),
             "actions": rng.uniform(-1, 1, (16, 2)).astype(np.float32)}
    actor_params = {"w": 0.1 * rng.randn(4, 2).astype(np.float32)}
    critic_params = {"c": jnp.zeros((2, 2))}
    update_td3_partial = jax.jit(partial(update_td3, actor_bc_coef=0.4, normalize_q=True))
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, actor_params, _ = update_td3_partial(key, actor_params, critic_params, batch)
