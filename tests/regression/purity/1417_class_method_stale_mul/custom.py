"""The user's stateful helper class: `calc` multiplies by an instance attribute."""
import jax.numpy as jnp


class CustomClass:
    def __init__(self, mul):
        self.mul = mul

    def calc(self, x):
        return jnp.sum(x) * self.mul  # expect: JAX108
