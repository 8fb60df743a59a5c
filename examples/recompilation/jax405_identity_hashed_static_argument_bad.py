"""JAX405: a new `Config` per call hashes by identity, so each call of `predict` compiles again."""

from functools import partial

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, depth):
        self.depth = depth


@partial(jax.jit, static_argnums=1)
def apply(x, config):
    return x * config.depth


def predict(x, depth):
    return apply(x, Config(depth))  # expect: JAX405


if __name__ == "__main__":
    for _ in range(3):
        print(predict(jnp.ones(3), 2))
