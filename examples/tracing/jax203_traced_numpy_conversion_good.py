"""JAX203, fixed: use `jnp.asarray` inside, convert to NumPy outside the jitted function."""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def normalise(x):
    y = x - jnp.mean(x)
    return jnp.asarray(y) / 2


def run():
    return np.asarray(normalise(jnp.arange(4.0)))  # host code: a concrete array


if __name__ == "__main__":
    print(run())
