from typing import NamedTuple

import jax
import jax.numpy as jnp


class Coefficients(NamedTuple):
    c0: float
    c1_pre: float
    c1_post: float
    c2_pre: float
    c2_post: float
    c2_corr: float
    c3_pre: float
    c3_post: float

    def jax(self) -> jax.Array:
        return jnp.array(self, dtype=jnp.float32)


class Hebbian(NamedTuple):
    weights: jax.Array
    coefficients: Coefficients
