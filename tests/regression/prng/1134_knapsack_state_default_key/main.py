"""Knapsack's State.key defaults to PRNGKey(0), so every auto-reset builds the same instance.

Source: https://github.com/instadeepai/jumanji/commit/aa8b7fd24b869bc66fe62008491667884f4fd6f9
("fix: do not default the state key (#490)")

Several jumanji environments declared the state field as
``key: chex.PRNGKey = jax.random.PRNGKey(0)`` and ``reset`` never filled it in.
``AutoResetWrapper`` draws the next episode from ``split(state.key)`` - which is
always ``split(PRNGKey(0))`` - so all auto-reset episodes after the first get the
same item weights and values whatever key the user started from. The fix
removed the default and makes ``reset`` split its key into a sampling key and a
``key=`` stored in the state.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from .env import Knapsack
from .wrappers import AutoResetWrapper

env = AutoResetWrapper(Knapsack(num_items=10))
step = jax.jit(env.step)


def run():
    state, _ = env.reset(jax.random.PRNGKey(2024))
    episode_weights = []
    for _ in range(4):
        state, _ = step(state, jnp.int32(0))   # pack item 0
        state, ts = step(state, jnp.int32(0))  # item 0 again: invalid, episode ends, auto-reset
        assert bool(ts.done)
        episode_weights.append(np.asarray(state.weights))
    return sum(int(np.array_equal(episode_weights[0], w)) for w in episode_weights[1:])
