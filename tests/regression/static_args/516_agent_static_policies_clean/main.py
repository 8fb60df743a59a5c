"""Active-inference agent whose policy array is an ordinary (traced) field (fixed version).

Source: https://github.com/infer-actively/pymdp/issues/387
The fix discussed for the "A JAX array is being set as static!" warning: keep the policies
array as a dynamic leaf and mark only hashable configuration (the horizon) static, so new
agents reuse the compiled function.

Observed on jax 0.10.2: infer_policies compiled 1 times
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
