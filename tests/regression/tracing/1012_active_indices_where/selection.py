import jax.numpy as jnp


def active_indices(mask):
    (idx,) = jnp.where(mask)  # expect: JAX204
    return idx


def gather_active(values, threshold):
    idx = active_indices(values > threshold)
    return values[idx]
