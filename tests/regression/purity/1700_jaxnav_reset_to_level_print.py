"""JaxNav (JaxMARL) keeps a deprecated `reset_to_level` method on the environment class,
jitted with `static_argnums=(0)` so `self` is static. The first statement of the method
is a `print(" ** WARNING ** reset_to_level in JaxNav is deprecated ...")`, meant to nag
every caller. Because the method is jitted, the print runs only while JAX traces it:
a PLR training loop that resets to a level every episode sees the warning once and then
never again, so the deprecation notice silently disappears.

Source: https://github.com/FLAIROx/JaxMARL/blob/c793d095618c6d3edfb5632802348f57b70a4b94/jaxmarl/environments/jaxnav/jaxnav_env.py
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io
from functools import partial
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    pos: jax.Array
    theta: jax.Array
    vel: jax.Array
    done: jax.Array
    goal: jax.Array
    map_data: jax.Array


class JaxNav:
    def __init__(self, num_agents=2, rew_lambda=0.5):
        self.num_agents = num_agents
        self.rew_lambda = rew_lambda
        self.agents = [f"agent_{i}" for i in range(num_agents)]

    def _get_obs(self, state):
        return jnp.concatenate([state.pos, state.goal - state.pos], axis=-1)

    @partial(jax.jit, static_argnums=(0))
    def reset_to_level(self, level: Tuple[jax.Array, jax.Array]):
        print(" ** WARNING ** reset_to_level in JaxNav is deprecated, use set_state instead")  # expect: JAX101
        map_data, test_case = level
        state = State(
            pos=test_case[:, 0, :2],
            theta=test_case[:, 0, 2],
            vel=jnp.zeros((self.num_agents, 2)),
            done=jnp.full((self.num_agents,), False),
            goal=test_case[:, 1, :2],
            map_data=map_data,
        )
        obs = self._get_obs(state)
        return {a: obs[i] for i, a in enumerate(self.agents)}, state


def run():
    env = JaxNav()
    warned = 0
    for episode in range(3):
        level = (jnp.zeros((8, 8), jnp.int32),
                 jnp.full((2, 2, 3), float(episode)))
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            obs, state = env.reset_to_level(level)
        warned += "deprecated" in buf.getvalue()
    return warned
