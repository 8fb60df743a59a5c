"""JAX106: `np.random` in a jitted function is drawn once and frozen into the compiled code."""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def add_noise(x):
    return x + np.random.normal()  # expect: JAX106


def run(n=3):
    return [float(add_noise(jnp.float32(0.0))) for _ in range(n)]  # the same "noise" each time


if __name__ == "__main__":
    print(run())
