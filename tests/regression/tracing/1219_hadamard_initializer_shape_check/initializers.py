import jax.numpy as jnp


def hadamard(key, shape, dtype=jnp.float32):
    """Normalised Hadamard matrix of size shape[0] (a power of two)."""
    lg2 = jnp.log2(shape[0])
    H = jnp.ones((1,), dtype=dtype)
    for i in jnp.arange(lg2):  # expect: JAX204
        H = jnp.vstack([jnp.hstack([H, H]), jnp.hstack([H, -H])])
    H = 2 ** (-lg2 / 2) * H
    return H
