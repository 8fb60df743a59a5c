import numpy as np
import jax.numpy as jnp


def reg_norm_quad(params):
    return (jnp.sqrt(jnp.sum(params ** 2)) - 1.0) ** 2


def reg_norm_logrelu(params):
    norm = jnp.sqrt(jnp.sum(params ** 2))
    return np.log(np.maximum(norm, 1.0))  # expect: JAX203
