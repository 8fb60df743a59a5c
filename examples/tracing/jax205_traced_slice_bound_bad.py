"""JAX205: a traced slice bound raises `IndexError` under jit."""

import jax
import jax.numpy as jnp


@jax.jit
def window(x, i):
    return x[i : i + 2]  # expect: JAX205


def run():
    return window(jnp.arange(6.0), 1)  # raises while tracing


if __name__ == "__main__":
    run()
