"""Active-inference agent keeps its enumerated policies as a static JAX array.

Source: https://github.com/infer-actively/pymdp/issues/346
pymdp registered the agent's `policies` array as a static field of an
equinox.Module; static JAX arrays in `static=True` fields "can break
eqx.filter_jit / cause recompilation errors", because jit has to hash and compare
them as metadata. Here the policy table is built by a helper in another module and
two agents built from the same model are passed to one filter_jit'd function.

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax.numpy as jnp

from agent import Agent


@eqx.filter_jit
def step(agent, qs):
    return agent.infer_policies(qs)


def run():
    A = jnp.eye(3)
    B = jnp.stack([jnp.eye(3), jnp.roll(jnp.eye(3), 1, 0)], -1)
    qs = jnp.ones(3) / 3
    out = None
    for _ in range(2):
        agent = Agent(A, B, num_controls=(2,), policy_len=2)
        out = step(agent, qs)
    return out
