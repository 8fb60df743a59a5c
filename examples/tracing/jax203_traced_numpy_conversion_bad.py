"""JAX203: `np.asarray` of a traced array raises `TracerArrayConversionError` under jit."""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def normalise(x):
    y = x - jnp.mean(x)
    return np.asarray(y) / 2  # expect: JAX203


def run():
    return normalise(jnp.arange(4.0))  # raises while tracing


if __name__ == "__main__":
    run()
