"""The same trainer with the PR's fix: the config class hashes its repr, so
it can sit at the static position and equal configs hit the cache.

Source: https://github.com/nissymori/JAX-CORL/pull/59
The merged change adds ``__hash__`` returning ``hash(self.__repr__())`` to
each algorithm config (awac.py, iql.py, td3bc.py).  Two training steps with
the same config compile ``update_n_times`` once.

Observed on jax 0.10.2: update_n_times compiled 1 times
"""
import jax
import jax.numpy as jnp

from config import AWACConfig
from trainer import AWACTrainer, Transition


def train(steps=2):
    config = AWACConfig()
    key = jax.random.PRNGKey(0)
    dataset = Transition(jnp.ones((64, 3)), jnp.zeros((64,)))
    agent = AWACTrainer(jnp.zeros((3,)), jnp.zeros((3,)))
    for _ in range(steps):
        key, sub = jax.random.split(key)
        agent = agent.update_n_times(dataset, sub, config)
    return agent


def run():
    return train()
