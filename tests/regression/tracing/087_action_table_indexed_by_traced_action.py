"""A grid-world `step` indexes a Python tuple of moves with the traced action, under `lax.scan`.

Source: https://github.com/jax-ml/jax/issues/1708
Environment code written for Python lists breaks when the step is scanned: the action is a
tracer, and indexing a tuple calls `__index__` on it.

Observed on jax 0.10.x: raises TracerIntegerConversionError
"""

import jax
import jax.numpy as jnp

MOVES = ((0, 1), (1, 0), (0, -1), (-1, 0))


def env_step(position, action):
    dy, dx = MOVES[action]  # expect: JAX202
    new_position = position + jnp.array([dy, dx])
    return new_position, new_position


def rollout(actions):
    return jax.lax.scan(env_step, jnp.zeros(2, dtype=jnp.int32), actions)


def run():
    rollout(jnp.array([0, 1, 2]))
