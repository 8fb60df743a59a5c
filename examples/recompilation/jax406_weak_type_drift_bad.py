"""JAX406: `step` gets an `int` then a `float` for `lr`: a different weak type, a second compile."""

import jax
import jax.numpy as jnp


@jax.jit
def step(x, lr):
    return x - lr * x


def run(x):
    x = step(x, 1)
    x = step(x, 0.5)  # expect: JAX406
    return x


if __name__ == "__main__":
    print(run(jnp.ones(3)))
