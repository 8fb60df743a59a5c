"""JAX204, fixed: the size is a static argument (or comes from a shape, which is static)."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def ramp(x, n):
    return x * jnp.arange(n)


@jax.jit
def ramp_like(x):
    return x * jnp.arange(x.shape[0])


def run():
    return ramp(jnp.float32(2.0), 4), ramp_like(jnp.ones(4))


if __name__ == "__main__":
    print(run())
