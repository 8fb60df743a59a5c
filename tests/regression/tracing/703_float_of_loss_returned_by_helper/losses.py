import jax.numpy as jnp


def mean_squared(predictions, targets):
    return jnp.mean((predictions - targets) ** 2)
