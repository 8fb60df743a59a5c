"""pymdp made `Agent.policies` a static Equinox field so that a batched Agent could be
scanned/vmapped, wrapping the policy table in a `Policies` module.  But `Policies` still
held a `jnp.ndarray` (`policy_arr`), so the static part was not hashable by value: Equinox
warned "A JAX array is being set as static!", `hash(Policies)` raised "unhashable type
'ArrayImpl'", and the planning helper that takes the policies as a jit static argument
failed with "Non-hashable static arguments".  The fix backed `Policies` with a nested tuple.

Source: https://github.com/infer-actively/pymdp/pull/345
Observed on jax 0.10.x: raises ValueError
"""
import functools
import warnings

import jax
import jax.numpy as jnp

from agent import Agent


@functools.partial(jax.jit, static_argnums=1)
def expected_free_energy(qs, policies, B, C):
    def one_policy(policy):
        q = qs
        G = 0.0
        for t in range(policies.horizon):
            q = B[:, :, policy[t, 0]] @ q
            G = G + q @ C
        return G

    return jax.vmap(one_policy)(policies.policy_arr)


def run():
    warnings.simplefilter("ignore", UserWarning)
    A = jnp.eye(3)
    B = jnp.stack([jnp.roll(jnp.eye(3), k, axis=0) for k in range(2)], axis=-1)
    agent = Agent(A, B, num_controls=[2], policy_len=2)
    qs = jnp.array([1.0, 0.0, 0.0])
    C = jnp.array([0.0, 0.0, 1.0])
    return expected_free_energy(qs, agent.policies, agent.B, C)  # expect: JAX302
