"""An environment `reset` draws the start state from its key and returns the same key.

Source: https://github.com/google-deepmind/mujoco_playground/issues/349
The caller keeps the returned key for the next episode's noise, which then repeats the draw
that placed the agent.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def reset(key):
    start = jax.random.uniform(key, (2,), minval=-1.0, maxval=1.0)
    return start, key  # expect: JAX505


def episode(seed):
    key = jax.random.key(seed)
    start, key = reset(key)
    noise = jax.random.uniform(key, (2,), minval=-1.0, maxval=1.0)
    return start, noise


def run():
    episode(0)
