"""Discrete observation one-hot encoded with the space's NumPy `high` as depth.

Source: https://github.com/jlin816/dynalang/issues/10
The agent's preprocess step called `jax.nn.one_hot(value, self.obs_space[key].high)`;
`high` is a 0-d numpy.ndarray, which lands at the static `num_classes` position and
fails with "Non-hashable static arguments are not supported ... unhashable type:
'numpy.ndarray'". The fix was `int(self.obs_space[key].high)`. Here the jitted
encoder lives in another module and the array travels through the Space object.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from agent import Agent
from spaces import make_obs_space


def run():
    agent = Agent(make_obs_space(64))
    obs = {"token": jnp.array([3, 7]), "image": jnp.zeros((2, 8))}
    return agent.preprocess(obs)["token"]
