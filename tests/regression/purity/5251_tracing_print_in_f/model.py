import jax.numpy as jnp


def f(x, y):
    print("Running f():")  # expect: JAX101
    print(f"  x = {x}")  # expect: JAX101
    print(f"  y = {y}")  # expect: JAX101
    result = jnp.dot(x + 1, y + 1)
    print(f"  result = {result}")  # expect: JAX101
    return result
