"""Pushing transitions into a `collections.deque` replay buffer from a jitted env step.

Source: https://github.com/jax-ml/jax/pull/20732
The stateful-computations tutorial: state changed as a side effect of a jitted function is not
carried by the compiled code; a replay buffer filled inside the step gets one entry only.

Observed on jax 0.10.x: stored in 1 of 3 calls
"""

from collections import deque

import jax
import jax.numpy as jnp

replay = deque(maxlen=1000)


@jax.jit
def env_step(state, action):
    next_state = state + action
    reward = -jnp.sum(next_state ** 2)
    replay.append((state, action, reward, next_state))  # expect: JAX104
    return next_state, reward


def run():
    state = jnp.zeros(2)
    stored = 0
    for _ in range(3):
        before = len(replay)
        state, _ = env_step(state, jnp.ones(2))
        stored += len(replay) > before
    return stored
