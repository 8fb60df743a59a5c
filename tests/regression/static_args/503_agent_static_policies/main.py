"""Active-inference agent that stores its policy array as a static equinox field.

Source: https://github.com/infer-actively/pymdp/issues/387
pymdp registers `self.policies` (a jax array) as a static field of the Agent module, which
triggers "UserWarning: A JAX array is being set as static!"; the maintainers note it breaks
when the agent is passed to `eqx.filter_jit`. A static array becomes part of the treedef: the
second agent built with an equal-valued array makes jit compare the arrays with `==` and fail.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from .agent import build_agent
from .inference import infer_policies


def run():
    qs = jnp.ones(4) / 4
    out = None
    for trial in range(2):
        agent = build_agent(num_states=4, num_actions=2, horizon=2)
        out = infer_policies(agent, qs)
    return out
