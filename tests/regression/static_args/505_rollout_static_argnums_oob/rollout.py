import jax
import jax.numpy as jnp


def _rollout(dynamics, x0, us):
    def step(x, u):
        x = dynamics(x, u)
        return x, x
    _, xs = jax.lax.scan(step, x0, us)
    return xs


def make_rollout():
    # `horizon` used to be the 4th positional parameter; it was dropped in a refactor
    return jax.jit(_rollout, static_argnums=(0, 3))  # expect: JAX303
