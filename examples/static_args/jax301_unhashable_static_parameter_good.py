"""JAX301, fixed: the static parameter is a tuple, which hashes by value."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="sizes")
def mlp(x, sizes: tuple[int, ...]):
    for size in sizes:
        x = jnp.tanh(x * size)
    return x


def run():
    config = {"sizes": [4, 2]}  # as read from a config file
    return mlp(jnp.ones(3), sizes=tuple(config["sizes"]))


if __name__ == "__main__":
    print(run())
