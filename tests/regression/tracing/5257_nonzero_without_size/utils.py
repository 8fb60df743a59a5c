import jax.numpy as jnp


def active_indices(x):
    # indices of the entries that pass the threshold
    (idx,) = jnp.nonzero(x > 1)  # expect: JAX204
    return idx
