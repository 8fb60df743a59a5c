"""JAX302: lists, arrays and non-frozen dataclasses passed as static arguments cannot be hashed."""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass
class Config:
    depth: int = 2


@partial(jax.jit, static_argnums=1)
def mlp(x, sizes):
    for size in sizes:
        x = jnp.tanh(x * size)
    return x


def repeat(x, config):
    for _ in range(config.depth):
        x = jnp.sin(x)
    return x


fast_repeat = jax.jit(repeat, static_argnames="config")


def run_list():
    return mlp(jnp.ones(3), [4, 2])  # expect: JAX302


def run_array():
    return mlp(jnp.ones(3), np.arange(1, 3))  # expect: JAX302


def run_dataclass():
    return fast_repeat(jnp.ones(3), Config(depth=3))  # expect: JAX302


if __name__ == "__main__":
    for run in (run_list, run_array, run_dataclass):
        try:
            run()
        except ValueError as error:
            print(run.__name__, "->", str(error).splitlines()[0])
