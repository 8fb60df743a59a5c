"""Method jitted with `self` static; a new agent object is built every episode.

Source: https://github.com/jax-ml/jax/issues/4645
The report's "factored" variant used `@partial(jit, static_argnums=(0,))` on
`_take_action(self, params, obs)`. With `self` static the cache key is the agent
instance, hashed by identity (no __eq__/__hash__), so a runner that constructs a
fresh agent for each episode compiles the method again for every episode.

Observed on jax 0.10.2: _take_action compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp


class Agent:
    def __init__(self, params):
        self.params = params

    def net_apply(self, params, obs):
        return jnp.tanh(obs @ params["w"]) @ params["v"]

    @partial(jax.jit, static_argnums=(0,))
    def _take_action(self, params, obs):
        logits = self.net_apply(params, obs)
        return jnp.argmax(logits)

    def act(self, obs):
        return self._take_action(self.params, obs)  # expect: JAX405


def run_episode(params, length=3):
    agent = Agent(params)
    a = None
    for t in range(length):
        a = agent.act(jnp.full((4,), float(t)))
    return a


def run():
    params = {"w": jnp.ones((4, 8)), "v": jnp.ones((8, 3))}
    a = None
    for _ in range(3):
        a = run_episode(params)
    return a
