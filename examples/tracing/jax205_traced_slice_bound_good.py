"""JAX205, fixed: `lax.dynamic_slice_in_dim` takes a traced start and a static size."""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def window(x, i):
    return lax.dynamic_slice_in_dim(x, i, 2)


@jax.jit
def head(x):
    return x[: x.shape[0] // 2]  # bounds from shapes are static


def run():
    return window(jnp.arange(6.0), 1), head(jnp.arange(6.0))


if __name__ == "__main__":
    print(run())
