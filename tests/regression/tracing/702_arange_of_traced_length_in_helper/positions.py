import jax.numpy as jnp


def position_ids(length):
    return jnp.arange(length)  # expect: JAX204
