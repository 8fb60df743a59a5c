import equinox as eqx
import jax
import jax.numpy as jnp


class Agent(eqx.Module):
    A: jax.Array
    B: jax.Array
    policies: jax.Array  # traced leaf: equal-valued agents share one compilation
    horizon: int = eqx.field(static=True)

    def __init__(self, A, B, policies, horizon):
        self.A = A
        self.B = B
        self.policies = policies
        self.horizon = horizon


def build_agent(num_states, num_actions, horizon):
    A = jnp.eye(num_states)
    B = jnp.stack([jnp.roll(jnp.eye(num_states), a, axis=0) for a in range(num_actions)])
    grids = jnp.meshgrid(*[jnp.arange(num_actions)] * horizon, indexing="ij")
    policies = jnp.stack([g.ravel() for g in grids], axis=-1)
    return Agent(A, B, policies, horizon)
