"""JAX108, fixed: what changes is an argument, so every call sees the current value."""

import jax
import jax.numpy as jnp

SCALE = 1.0


@jax.jit
def scaled(x, scale):
    return x * scale


def set_scale(s):
    global SCALE
    SCALE = s


def run():
    before = float(scaled(jnp.float32(1.0), SCALE))
    set_scale(2.0)
    return before, float(scaled(jnp.float32(1.0), SCALE))  # (1.0, 2.0)


if __name__ == "__main__":
    print(run())
