"""Samplers (jaxampler/sampler at 02a7d60, Dec 16 2023)."""
from time import time

import jax
from jax import Array, jit


class Sampler(object):
    def __init__(self) -> None:
        pass

    def sample(self, rv, N: int = 1, key: Array = None) -> Array:
        raise NotImplementedError

    @staticmethod
    @jit
    def get_key() -> Array:
        return jax.random.PRNGKey(int(time()))  # expect: JAX106


class InverseTransformSampler(Sampler):
    def sample(self, rv, N: int = 1, key: Array = None) -> Array:
        if key is None:
            key = self.get_key()
        U = jax.random.uniform(key, shape=(N,))
        return rv.ppf(U)
