import jax.numpy as jnp


def instrument_gaussian(x, sigma):
    return jnp.exp(-0.5 * (x / sigma) ** 2) / (jnp.sqrt(2 * jnp.pi) * sigma)
