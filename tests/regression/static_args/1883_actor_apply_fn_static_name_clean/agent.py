"""Agent base class and a tiny actor (after jaxrl2/agents/agent.py)."""
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np

from .common import eval_actions_jit, sample_actions_jit


@dataclasses.dataclass(frozen=True)
class NormalTanhPolicy:
    action_dim: int

    def apply(self, variables, observations):
        w = variables["params"]["w"]
        return jnp.tanh(observations @ w), jnp.full((self.action_dim,), 0.1)


@dataclasses.dataclass
class TrainState:
    apply_fn: Callable
    params: Any


class Agent:
    def __init__(self, obs_dim, action_dim, seed=0):
        module = NormalTanhPolicy(action_dim)
        w = jax.random.normal(jax.random.PRNGKey(seed), (obs_dim, action_dim)) * 0.1
        self._actor = TrainState(apply_fn=module.apply, params={"w": w})
        self._rng = jax.random.PRNGKey(seed + 1)

    def eval_actions(self, observations: np.ndarray) -> np.ndarray:
        actions = eval_actions_jit(self._actor.apply_fn, self._actor.params, observations)
        return np.asarray(actions)

    def sample_actions(self, observations: np.ndarray) -> np.ndarray:
        rng, actions = sample_actions_jit(self._rng, self._actor.apply_fn, self._actor.params, observations)
        self._rng = rng
        return np.asarray(actions)
