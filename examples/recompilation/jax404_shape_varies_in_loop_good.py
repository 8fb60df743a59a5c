"""JAX404, fixed: the full array keeps one shape; a mask selects the prefix, one compilation."""

import jax
import jax.numpy as jnp


@jax.jit
def prefix_total(x, i):
    mask = jnp.arange(x.shape[0]) <= i
    return jnp.where(mask, x, 0.0).sum()


def run(x):
    totals = []
    for i in range(x.shape[0]):
        totals.append(prefix_total(x, i))
    return totals


if __name__ == "__main__":
    print(run(jnp.arange(3.0)))
