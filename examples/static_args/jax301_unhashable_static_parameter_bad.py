"""JAX301: `sizes` is static but declared as a `list`, which JAX cannot hash: passing one fails."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="sizes")
def mlp(x, sizes: list[int]):  # expect: JAX301
    for size in sizes:
        x = jnp.tanh(x * size)
    return x


def run():
    config = {"sizes": [4, 2]}  # as read from a config file: the call raises ValueError
    return mlp(jnp.ones(3), sizes=config["sizes"])  # expect: JAX302


if __name__ == "__main__":
    print(run())
