import jax.numpy as jnp


def step(state):
    return state * 0.5 + jnp.ones_like(state)
