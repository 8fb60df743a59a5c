"""jaxrl2 jits its shared policy helpers with ``static_argnames="actor_apply_fn"``
(a bare string) and the agent passes ``self._actor.apply_fn`` *positionally*.
jit maps the name to its position from the signature, so the apply function is
static; it is the bound ``apply`` of a frozen, hashable module stored once in
the train state, so equal on every call and the helpers compile once each even
though they are called at every environment step.

Source: https://github.com/ikostrikov/jaxrl2/blob/8b12c24543e14738974e9296f278aa6184e8fbb1/jaxrl2/agents/common.py#L13
Observed on jax 0.10.x: sample_actions_jit compiled 1 times; eval_actions_jit compiled 1 times
"""
import numpy as np

from .agent import Agent


def run():
    agent = Agent(obs_dim=5, action_dim=2)
    obs = np.zeros((1, 5), np.float32)
    for _ in range(10):
        agent.sample_actions(obs)
    for _ in range(3):
        agent.eval_actions(obs)
