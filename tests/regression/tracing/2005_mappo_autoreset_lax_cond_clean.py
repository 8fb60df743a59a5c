"""MAPPO on an MJX throwing task: the environment step inside the scanned, jitted rollout
auto-resets with `jax.lax.cond(jnp.logical_or(terminal, truncated), reset, step)`, and the
adaptive-KL coefficient is updated with `jnp.where(approx_kl > target_kl, ...)`. Both decisions
depend on traced values but are expressed with lax/jnp primitives instead of Python `if`, so
the rollout traces without any boolean conversion.

Source: https://github.com/Jesperoka/robust_rl/blob/93415c29e27f6b92d3f8639ccfe65f7bc5bb1210/algorithms/mappo_jax.py#L156
Observed on jax 0.10.x: runs
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    pos: jax.Array
    time: jax.Array


time_limit = 5.0


def env_reset(key):
    return EnvState(pos=jax.random.uniform(key, (2,)), time=jnp.array(0.0))


def env_step(state, action):
    new = EnvState(pos=state.pos + 0.1 * action, time=state.time + 1.0)
    terminal = jnp.linalg.norm(new.pos) > 2.0
    truncated = new.time >= time_limit
    return new, terminal, truncated


def step_and_reset_if_done(key, state, action):
    next_state, terminal, truncated = env_step(state, action)

    def reset():
        return env_reset(key)

    def step():
        return next_state

    return jax.lax.cond(jnp.logical_or(terminal, truncated), reset, step), terminal, truncated


@jax.jit
def rollout(key, state, kl_beta, approx_kls, target_kl=0.01):
    def body(carry, xs):
        state, kl_beta = carry
        key, approx_kl = xs
        state, terminal, truncated = step_and_reset_if_done(key, state, jnp.ones(2))
        kl_beta = jnp.where(approx_kl > target_kl, kl_beta * 1.5, kl_beta / 1.5)
        return (state, kl_beta), terminal | truncated

    keys = jax.random.split(key, approx_kls.shape[0])
    (state, kl_beta), dones = jax.lax.scan(body, (state, kl_beta), (keys, approx_kls))
    return state, kl_beta, dones


def run():
    key = jax.random.PRNGKey(0)
    state = env_reset(key)
    state, kl_beta, dones = rollout(key, state, jnp.array(1.0), jnp.linspace(0.0, 0.02, 12))
    return int(dones.sum())
