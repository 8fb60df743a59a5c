"""JAX103: a global counter incremented in a jitted function counts traces, not calls."""

import jax
import jax.numpy as jnp

calls = 0


@jax.jit
def step(x):
    global calls
    calls += 1  # expect: JAX103
    return x * 2


def run(n=3):
    for i in range(n):
        step(jnp.float32(i))
    return calls  # 1, not 3


if __name__ == "__main__":
    print("calls =", run())
