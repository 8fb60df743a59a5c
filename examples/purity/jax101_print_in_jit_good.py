"""JAX101, fixed: `jax.debug.print` prints the value on every call."""

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    jax.debug.print("step called with {}", x)
    return x * 2


def run(calls=3):
    results = [step(jnp.float32(i)) for i in range(calls)]
    jax.effects_barrier()
    return results


if __name__ == "__main__":
    run()
