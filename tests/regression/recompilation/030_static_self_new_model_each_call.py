"""A jitted method with `self` static, called on a model rebuilt for every request.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#strategy-2-marking-self-as-static
Marking `self` static hashes the object; a plain class hashes by identity, so every new
instance is a new cache key and the method compiles again.

Observed on jax 0.10.x: predict compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


class Regressor:
    def __init__(self, degree):
        self.degree = degree

    @partial(jax.jit, static_argnums=0)
    def predict(self, coeffs, x):
        return sum(coeffs[i] * x ** i for i in range(self.degree + 1))


def serve(requests):
    outputs = []
    for coeffs, x in requests:
        model = Regressor(2)
        outputs.append(model.predict(coeffs, x))  # expect: JAX405
    return outputs


def run():
    serve([(jnp.ones(3), jnp.float32(2.0))] * 3)
