"""JAX405, fixed: a frozen dataclass hashes by value, so equal configs share one compilation."""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    depth: int


@partial(jax.jit, static_argnums=1)
def apply(x, config):
    return x * config.depth


def predict(x, depth):
    return apply(x, Config(depth))


if __name__ == "__main__":
    for _ in range(3):
        print(predict(jnp.ones(3), 2))
