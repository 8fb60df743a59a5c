"""Continuous random variables (jaxampler/rvs, Dec 2023), trimmed to one."""
from functools import partial

import jax.numpy as jnp
from jax import jit


class Exponential:
    def __init__(self, lmbda: float, name: str = None) -> None:
        self._lmbda = lmbda
        self._name = name

    @partial(jit, static_argnums=(0,))
    def ppf(self, u):
        return -jnp.log1p(-u) / self._lmbda
