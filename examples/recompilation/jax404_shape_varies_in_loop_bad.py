"""JAX404: `x[: i + 1]` has a new shape on every iteration, so every iteration compiles."""

import jax
import jax.numpy as jnp


@jax.jit
def prefix_total(x):
    return x.sum()


def run(x):
    totals = []
    for i in range(x.shape[0]):
        totals.append(prefix_total(x[: i + 1]))  # expect: JAX404
    return totals


if __name__ == "__main__":
    print(run(jnp.arange(3.0)))
