"""Discrete observation one-hot encoded with int(space.high) as depth (the fix).

Source: https://github.com/jlin816/dynalang/issues/10
Same layout as the hazard: the agent converts the NumPy `high` of the observation
space to a Python int before it reaches the static `depth` parameter, which is the
fix given in the report.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from agent import Agent
from spaces import make_obs_space


def run():
    agent = Agent(make_obs_space(64))
    obs = {"token": jnp.array([3, 7]), "image": jnp.zeros((2, 8))}
    return agent.preprocess(obs)["token"]
