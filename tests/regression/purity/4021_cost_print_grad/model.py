import jax.numpy as jnp


def cost_function(x):
    print("Inside cost function")  # expect: JAX101
    return jnp.sum(x ** 2)
