"""JAX403: the static argument takes a new value on every iteration, so every iteration compiles."""

import jax
import jax.numpy as jnp


def scaled(x, n):
    return x * n


scaled_jit = jax.jit(scaled, static_argnums=1)


def run(x, steps):
    for i in range(steps):
        x = scaled_jit(x, i)  # expect: JAX403
    return x


if __name__ == "__main__":
    print(run(jnp.ones(3), 3))
