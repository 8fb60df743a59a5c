"""JAX306, fixed: the `Static[int]` parameter is also named in `static_argnames`."""

from functools import partial

import jax
import jax.numpy as jnp

from jaxcheck.typing import Static


@partial(jax.jit, static_argnames="n")
def pad(x, n: Static[int]):
    return jnp.concatenate([x, jnp.zeros(n)])


if __name__ == "__main__":
    print(pad(jnp.ones(3), 2))
