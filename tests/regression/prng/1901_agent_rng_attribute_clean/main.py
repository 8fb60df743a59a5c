"""An offline-RL agent base class keeps its PRNG key as an attribute (`self._rng`). The jitted
`sample_actions_jit` splits the key, samples from the policy with the subkey and returns the new
carry key, which `sample_actions` stores back on the agent. Looks like a stored key that might
never move, but it is advanced on every call, so repeated acting on the same observation
explores differently each time.

Source: https://github.com/ikostrikov/jaxrl2/blob/8b12c24543e14738974e9296f278aa6184e8fbb1/jaxrl2/agents/agent.py#L24
Observed on jax 0.10.x: 0 of 3 calls
"""
import numpy as np

from .agent import Agent


def run():
    agent = Agent(seed=42)
    obs = np.ones((1, 4), dtype=np.float32)
    actions = [agent.sample_actions(obs) for _ in range(4)]
    return sum(np.array_equal(a, b) for a, b in zip(actions, actions[1:]))
