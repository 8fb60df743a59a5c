"""`np.array` of traced values in an environment step rolled out with `lax.scan`.

Source: https://github.com/google/brax/issues/227
The Brax environment notebook failed with "The numpy.ndarray conversion method __array__() was
called on ... while tracing the function f ... for scan": host NumPy inside a traced step.

Observed on jax 0.10.x: raises TracerArrayConversionError
"""

import jax
import jax.numpy as jnp
import numpy as np


def step(state, action):
    obs = np.array([state[0], state[1] + action])  # expect: JAX203
    return state + action, obs.sum()


def rollout(state, actions):
    return jax.lax.scan(step, state, actions)


def run():
    return rollout(jnp.zeros(2), jnp.ones(3))
