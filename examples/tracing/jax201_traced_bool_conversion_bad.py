"""JAX201: Python `if` on a traced value raises `TracerBoolConversionError` under jit."""

import jax
import jax.numpy as jnp


@jax.jit
def relu(x):
    if x > 0:  # expect: JAX201
        return x
    return jnp.zeros_like(x)


def run():
    return relu(jnp.float32(2.0))  # raises while tracing


if __name__ == "__main__":
    run()
