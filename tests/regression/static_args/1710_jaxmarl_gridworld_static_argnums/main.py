"""JaxMARL's gridworld base `Environment.step` was ported from a gymnax-style env whose
signature was `step(self, key, state, action, params)` and kept its decorator
`@partial(jax.jit, static_argnums=(0, 4))`. After `params` was dropped from the signature
(it is now read from `self.params` / `default_params`), index 4 names no parameter. Current
JAX rejects the decorator outright ("static_argnums=(0, 4), but only accepts 4 positional
arguments"), so defining the environment class fails before tabular Q-learning can start.

Source: https://github.com/FLAIROx/JaxMARL/blob/c793d095618c6d3edfb5632802348f57b70a4b94/jaxmarl/gridworld/env.py
Observed on jax 0.10.x: raises ValueError
"""
import os
import sys

import jax

_HERE = os.path.dirname(os.path.abspath(__file__))


def run():
    sys.path.insert(0, _HERE)
    from env import Environment  # the decorator is evaluated when the class is built

    env = Environment()
    key = jax.random.PRNGKey(0)
    obs, state = env.reset_env(key)
    for t in range(3):
        key, state_key = jax.random.split(key)
        obs, state, reward, done = env.step(state_key, state, t % 4)
    return obs
