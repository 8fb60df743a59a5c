import jax
import jax.numpy as jnp


def initialize_momenta(R, mass, key, kT):
    _, draw_key = jax.random.split(key)
    return jnp.sqrt(mass * kT) * jax.random.normal(draw_key, R.shape)
