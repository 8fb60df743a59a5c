"""JAX303: `static_argnums=2` names no parameter of `step(x, n)`: importing this module raises."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=2)  # expect: JAX303
def step(x, n):
    return x * n


if __name__ == "__main__":
    print(step(jnp.ones(3), 2))
