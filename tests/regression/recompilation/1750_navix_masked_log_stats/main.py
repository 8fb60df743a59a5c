"""A navix PPO agent logs per-update episode statistics. `Agent.log` boolean-indexes the
(T, N) rollout arrays with the `done_mask` (`lengths[mask]`, `returns[mask]`) and hands the
completed episodes to a jitted summary function. The number of finished episodes differs on
almost every update, so each new count is a new input shape and XLA compiles the summary again;
profiling showed 61% of the logging time was backend compilation. The fix computed the means
with a masked sum/count (`masked_mean`) whose shape never changes.

Source: https://github.com/epignatelli/navix/pull/129
Observed on jax 0.10.x: episode_stats compiled 4 times
"""
import jax
import jax.numpy as jnp

from agent import Agent


def rollout_logs(key, T=16, N=4):
    k1, k2, k3 = jax.random.split(key, 3)
    done = jax.random.bernoulli(k1, 0.2, (T, N))
    lengths = jax.random.randint(k2, (T, N), 1, 50).astype(jnp.float32)
    returns = jnp.where(jax.random.bernoulli(k3, 0.5, (T, N)), 1.0, 0.0)
    return {"done_mask": done, "episode_length": lengths, "returns": returns}


def run():
    agent = Agent()
    # masks with a different number of finished episodes per update
    key = jax.random.PRNGKey(0)
    for n_done in (3, 5, 3, 8, 2):
        key, sub = jax.random.split(key)
        logs = rollout_logs(sub)
        flat = jnp.zeros(64, dtype=bool).at[:n_done].set(True)
        logs["done_mask"] = flat.reshape(16, 4)
        agent.log(logs)
    return len(agent.history)
