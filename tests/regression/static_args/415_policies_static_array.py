"""An active-inference agent keeps its policy array as a static field.

Source: https://github.com/infer-actively/pymdp/issues/387
pymdp's Agent registers `self.policies` (a jax array) as a static pytree
field; equinox warns "A JAX array is being set as static!". The maintainer:
inconsequential for plain use, but it breaks when agent methods or functions
taking agents are wrapped with `eqx.filter_jit`.

Observed on jax 0.10.2: runs
"""
import itertools

import equinox as eqx
import jax
import jax.numpy as jnp


def construct_policies(num_actions, horizon):
    return jnp.array(list(itertools.product(range(num_actions), repeat=horizon)))


class Agent(eqx.Module):
    A: jax.Array
    B: jax.Array
    policies: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, A, B, horizon=2):
        self.A = A
        self.B = B
        self.policies = construct_policies(B.shape[-1], horizon)

    def expected_free_energy(self, qs):
        def rollout(policy):
            def step(q, a):
                q = self.B[:, :, a] @ q
                return q, -jnp.sum(self.A @ q * jnp.log(self.A @ q + 1e-8))
            _, h = jax.lax.scan(step, qs, policy)
            return h.sum()
        return jax.vmap(rollout)(self.policies)


@eqx.filter_jit
def infer_policies(agent, qs):
    return jax.nn.softmax(-agent.expected_free_energy(qs))


def run():
    A = jnp.eye(3)
    B = jnp.stack([jnp.roll(jnp.eye(3), k, 0) for k in range(2)], -1)
    agent = Agent(A, B)
    qs = jnp.array([0.6, 0.3, 0.1])
    return infer_policies(agent, qs)
