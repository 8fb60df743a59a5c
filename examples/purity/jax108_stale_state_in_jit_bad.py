"""JAX108: a jitted function reads a global that is rebound later; the compiled program keeps the old value."""

import jax
import jax.numpy as jnp

SCALE = 1.0


@jax.jit
def scaled(x):
    return x * SCALE  # expect: JAX108


def set_scale(s):
    global SCALE
    SCALE = s


def run():
    before = float(scaled(jnp.float32(1.0)))
    set_scale(2.0)
    return before, float(scaled(jnp.float32(1.0)))  # (1.0, 1.0): the new scale is ignored


if __name__ == "__main__":
    print(run())
