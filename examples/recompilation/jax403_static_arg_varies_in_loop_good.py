"""JAX403, fixed: the counter is a traced argument, so one compilation serves every iteration."""

import jax
import jax.numpy as jnp


def scaled(x, n):
    return x * n


scaled_jit = jax.jit(scaled)


def run(x, steps):
    for i in range(steps):
        x = scaled_jit(x, i)
    return x


if __name__ == "__main__":
    print(run(jnp.ones(3), 3))
