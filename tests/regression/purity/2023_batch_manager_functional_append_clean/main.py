"""PPO trainer for a swarm environment: the jitted `get_transition` (an `eqx.filter_jit`
closure) records each transition with `batch = batch_manager.append(batch, obs, action,
reward)`. Despite the list-like name, `BatchManager.append` is itself a jitted method that
returns a new dict of arrays written with `.at[step].set(...)`, and the caller rebinds `batch`
from the return value; no Python container outside the trace is mutated, so every call records
its transition. run() returns how many of three steps landed in the buffer.

Source: https://github.com/stergiosba/PaxRL/blob/30b2e7254c67b1bd1f0eb63c0ef87c15d3b5d81d/pax/training/batch.py#L46
Observed on jax 0.10.x: 3 of 3 calls
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from batch import BatchManager


def run():
    train_config = {"num_train_envs": 2, "n_steps": 4}
    batch_manager = BatchManager(train_config, action_dim=1, state_shape=3)

    @eqx.filter_jit
    def get_transition(obs, batch, key):
        action = jax.random.normal(key, (2, 1))
        reward = jnp.sum(obs, axis=-1, keepdims=True)
        next_obs = obs + action
        batch = batch_manager.append(batch, obs, action, reward)
        return next_obs, batch

    batch = batch_manager.reset()
    obs = jnp.ones((2, 3))
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, sub = jax.random.split(key)
        obs, batch = get_transition(obs, batch, sub)
    return int(batch["_step"])
