import jax.numpy as jnp


def trim_padding(tokens, pad_id):
    n_valid = int((tokens != pad_id).sum())  # expect: JAX202
    return tokens[:n_valid]
