"""JAX202, fixed: keep the factor an array, or pass it as a static argument."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def scale(x, factor):
    return x * jnp.asarray(factor, dtype=x.dtype)


@partial(jax.jit, static_argnums=1)
def scale_static(x, factor):
    return x * float(factor)  # `factor` is a Python number here


def run():
    return scale(jnp.ones(3), 2.0), scale_static(jnp.ones(3), 2.0)


if __name__ == "__main__":
    print(run())
