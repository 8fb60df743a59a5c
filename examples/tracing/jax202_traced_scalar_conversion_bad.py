"""JAX202: `float()` of a traced value raises `ConcretizationTypeError` under jit."""

import jax
import jax.numpy as jnp


@jax.jit
def scale(x, factor):
    return x * float(factor)  # expect: JAX202


def run():
    return scale(jnp.ones(3), 2.0)  # raises while tracing


if __name__ == "__main__":
    run()
