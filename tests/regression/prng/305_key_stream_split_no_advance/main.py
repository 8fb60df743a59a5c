"""A key-stream helper's split() does not advance its state, so later keys repeat.

Source: https://github.com/google/flax/pull/5344
The PR fixes Flax's newly added `Rngs.split`: when the number of splits was not given,
the implementation did not fork (advance) the underlying rng, "which could lead to
unintuitive behavior".  Here a project KeyStream's split(n) hands out children of the
current key without advancing it; the next single key drawn from the stream is one of
those children, so policy noise repeats an environment's reset draw.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp

from .rngs import KeyStream
from .rollout import reset_envs, sample_policy_noise


def run():
    collisions = 0
    for seed in range(3):
        stream = KeyStream(seed)
        env_states = reset_envs(stream.split(4))
        noise = sample_policy_noise(stream())
        if any(bool(jnp.array_equal(noise, env_states[i])) for i in range(4)):
            collisions += 1
    return collisions
