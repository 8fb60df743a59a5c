"""A frozen dataclass config with a list field passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/13992
`frozen=True` gives a dataclass a `__hash__`, but that hash hashes every field: a list field
makes hashing fail when jit looks the static argument up in its cache.

Observed on jax 0.10.x: raises ValueError
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class MLPConfig:
    hidden_sizes: list
    activation: str = "relu"


@functools.partial(jax.jit, static_argnums=1)
def init_params(key, config):
    sizes = [3, *config.hidden_sizes, 1]
    keys = jax.random.split(key, len(sizes) - 1)
    return [jax.random.normal(k, (m, n)) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def run():
    config = MLPConfig(hidden_sizes=[16, 16])
    init_params(jax.random.key(0), config)  # expect: JAX302
