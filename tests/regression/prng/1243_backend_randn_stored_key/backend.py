from typing import Any

import jax
import jax.numpy as jnp


def process_shape(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return tuple(shape)


class JaxBackend:
    backend_type = "jax"

    def __init__(self, seed: int = 10, dtype=jnp.float32):
        self.seed = seed
        self._dtype = dtype
        self.prng_key = jax.random.PRNGKey(self.seed)

    def set_seed(self, seed: int) -> None:
        self.seed = seed
        self.prng_key = jax.random.PRNGKey(seed)

    def randn(self, *shape: int | tuple[int, ...], dtype=None, prng_key: Any = None) -> jax.Array:
        if prng_key is None:
            prng_key = self.prng_key
        return jax.random.normal(prng_key, process_shape(shape), dtype=dtype or self._dtype)  # expect: JAX501,JAX502

    def rand(self, *shape: int | tuple[int, ...], dtype=None, prng_key: Any = None) -> jax.Array:
        if prng_key is None:
            prng_key = self.prng_key
        return jax.random.uniform(prng_key, process_shape(shape), dtype=dtype or self._dtype)  # expect: JAX501,JAX502
