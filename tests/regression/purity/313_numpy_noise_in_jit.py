"""Exploration noise drawn with np.random inside a jitted action selector.

Source: https://github.com/IanQS/lif_numpy_to_jax
The course's RNG lesson contrasts NumPy's hidden global RNG state (np.random.seed /
np.random.rand) with JAX's explicit keys, since traced JAX code cannot carry hidden
state.  Under jit a NumPy draw runs once, at trace time, and is baked in as a constant.
Here a DDPG-style actor adds Gaussian exploration noise with np.random.normal, so
every call after the first reuses the same noise.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


class GaussianExploration:
    def __init__(self, sigma):
        self.sigma = sigma

    def __call__(self, action):
        noise = np.random.normal(0.0, self.sigma, size=action.shape)  # expect: JAX106
        return jnp.clip(action + noise, -1.0, 1.0)


explore = GaussianExploration(0.2)


@jax.jit
def select_action(params, obs):
    action = jnp.tanh(obs @ params)
    return explore(action)


def run():
    np.random.seed(0)
    params = jnp.zeros((3, 2))
    obs = jnp.ones(3)
    seen = []
    for _ in range(3):
        a = np.asarray(select_action(params, obs))
        seen.append(a)
    fresh = 1 + sum(not np.allclose(seen[i], seen[0]) for i in range(1, 3))
    return fresh
