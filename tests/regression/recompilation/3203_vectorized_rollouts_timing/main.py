"""RL library rollout utilities: `vectorized_rollouts` wraps `single_rollout` in a fresh
`functools.partial(single_rollout, env, model, ...)` and `jax.jit`s it inside the function, then
vmaps the result. `compare_rollout_methods` calls it for warm-up runs and then repeatedly in
its timing loop, expecting the later calls to be compile-free; every call builds a new partial,
so each one is traced and compiled again and the "execution time" includes compilation.

Source: https://github.com/tarod13/rl_jax_lib/blob/7566a11b5a8faf16982b791726e412400f4ea005/src/utils/rollout_comparison.py#L157
Observed on jax 0.10.x: single_rollout compiled 3 times
"""
import time

import jax
import jax.numpy as jnp

from .rollouts import vectorized_rollouts


def env(state, action):
    next_state = 0.9 * state + 0.1 * action
    return next_state, -jnp.sum(next_state ** 2), jnp.sum(next_state) > 10.0


def model(obs):
    return -0.5 * obs


def compare_rollout_methods(env, model, num_rollouts=8, episode_length=20, warmup_runs=1):
    for _ in range(warmup_runs):
        jax.block_until_ready(vectorized_rollouts(env, model, num_rollouts, episode_length))
    times = []
    for _ in range(2):
        start = time.time()
        trajectories = vectorized_rollouts(env, model, num_rollouts, episode_length)
        jax.block_until_ready(trajectories)
        times.append(time.time() - start)
    return sum(times) / len(times)


def run():
    compare_rollout_methods(env, model)
