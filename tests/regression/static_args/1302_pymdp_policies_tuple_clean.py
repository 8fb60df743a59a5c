"""pymdp's follow-up fix: `Policies` is backed by a nested tuple instead of a
`jnp.ndarray`, and `policy_arr` is a property that materialises the JAX array on access.
The static field is now hashable by value, so passing the policies as a jit static argument
works and a freshly constructed Agent with the same policy table reuses the compiled
planning function.

Source: https://github.com/infer-actively/pymdp/pull/416
Observed on jax 0.10.x: expected_free_energy compiled 1 times
"""
import functools
import itertools

import equinox as eqx
import jax
import jax.numpy as jnp
from equinox import field
from jaxtyping import Array


def _to_nested_tuple(x):
    return tuple(_to_nested_tuple(v) for v in x) if isinstance(x, (list, tuple)) else int(x)


class Policies(eqx.Module):
    _policy_tup: tuple = field(static=True)
    horizon: int = field(static=True)
    num_policies: int = field(static=True)

    def __init__(self, policy_list):
        self._policy_tup = _to_nested_tuple(policy_list)
        self.num_policies = len(policy_list)
        self.horizon = len(policy_list[0])

    @property
    def policy_arr(self) -> Array:
        return jnp.array(self._policy_tup, dtype=jnp.int32)


def construct_policies(num_controls, policy_len=1):
    steps = list(itertools.product(*[range(c) for c in num_controls]))
    combos = itertools.product(steps, repeat=policy_len)
    return Policies([[list(s) for s in c] for c in combos])


class Agent(eqx.Module):
    B: Array
    policies: Policies = field(static=True)

    def __init__(self, B, num_controls, policy_len=1):
        self.B = B
        self.policies = construct_policies(num_controls, policy_len)


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
    B = jnp.stack([jnp.roll(jnp.eye(3), k, axis=0) for k in range(2)], axis=-1)
    qs = jnp.array([1.0, 0.0, 0.0])
    C = jnp.array([0.0, 0.0, 1.0])
    out = None
    for trial in range(3):
        agent = Agent(B, num_controls=[2], policy_len=2)  # fresh agent, equal policies
        out = expected_free_energy(qs, agent.policies, agent.B, C)
    return out
