"""JAX406, fixed: `lr` is a Python `float` at every call, so `step` compiles once."""

import jax
import jax.numpy as jnp


@jax.jit
def step(x, lr):
    return x - lr * x


def run(x):
    x = step(x, 1.0)
    x = step(x, 0.5)
    return x


if __name__ == "__main__":
    print(run(jnp.ones(3)))
