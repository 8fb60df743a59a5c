"""JAX204: a traced size in `jnp.arange` raises `ConcretizationTypeError` under jit."""

import jax
import jax.numpy as jnp


@jax.jit
def ramp(x, n):
    return x * jnp.arange(n)  # expect: JAX204


def run():
    return ramp(jnp.float32(2.0), 4)  # raises while tracing


if __name__ == "__main__":
    run()
