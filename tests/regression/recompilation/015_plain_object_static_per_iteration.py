"""A plain config object created per iteration and passed as a static argument.

Source: https://github.com/google-deepmind/optax/issues/353
Objects without `__hash__`/`__eq__` hash by identity: a new instance per iteration is a new
cache key, and the jitted function compiles every iteration.

Observed on jax 0.10.x: rollout compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


class EnvParams:
    def __init__(self, gravity, dt):
        self.gravity = gravity
        self.dt = dt


@partial(jax.jit, static_argnums=1)
def rollout(state, env_params):
    return state + env_params.dt * env_params.gravity


def evaluate(state, episodes=3):
    for _ in range(episodes):
        state = rollout(state, EnvParams(9.81, 0.01))  # expect: JAX405
    return state


def run():
    evaluate(jnp.zeros(2))
