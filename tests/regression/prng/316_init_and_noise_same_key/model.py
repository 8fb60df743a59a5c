import jax
import jax.numpy as jnp


def init_params(key, in_dim, out_dim):
    return {"w": jax.random.normal(key, (in_dim, out_dim)) / jnp.sqrt(in_dim)}
