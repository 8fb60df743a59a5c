"""JAX101: `print` in a jitted function runs while tracing, once, not on every call."""

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    print("step called with", x)  # expect: JAX101
    return x * 2


def run(calls=3):
    return [step(jnp.float32(i)) for i in range(calls)]  # prints once, showing a tracer


if __name__ == "__main__":
    run()
