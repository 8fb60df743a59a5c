"""JAX103, fixed: count on the host, around the jitted call."""

import jax
import jax.numpy as jnp

calls = 0


@jax.jit
def step(x):
    return x * 2


def counted_step(x):
    global calls
    calls += 1
    return step(x)


def run(n=3):
    for i in range(n):
        counted_step(jnp.float32(i))
    return calls


if __name__ == "__main__":
    print("calls =", run())
