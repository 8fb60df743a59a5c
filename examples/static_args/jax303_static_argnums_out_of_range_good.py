"""JAX303, fixed: positions count from 0, so `n` is position 1 (or name it with `static_argnames`)."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def step(x, n):
    return x * n


if __name__ == "__main__":
    print(step(jnp.ones(3), 2))
