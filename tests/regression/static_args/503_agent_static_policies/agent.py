import equinox as eqx
import jax
import jax.numpy as jnp


class Agent(eqx.Module):
    A: jax.Array  # likelihood p(o | s)
    B: jax.Array  # transitions p(s' | s, a)
    policies: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, A, B, policies):
        self.A = A
        self.B = B
        self.policies = policies


def build_agent(num_states, num_actions, horizon):
    A = jnp.eye(num_states)
    B = jnp.stack([jnp.roll(jnp.eye(num_states), a, axis=0) for a in range(num_actions)])
    grids = jnp.meshgrid(*[jnp.arange(num_actions)] * horizon, indexing="ij")
    policies = jnp.stack([g.ravel() for g in grids], axis=-1)
    return Agent(A, B, policies)
