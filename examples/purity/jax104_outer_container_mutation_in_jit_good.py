"""JAX104, fixed: return the value and record it on the host."""

import jax
import jax.numpy as jnp

history = []


@jax.jit
def step(x):
    loss = (x**2).sum()
    return x - 0.1 * x, loss


def run(n=3):
    x = jnp.ones(3)
    for _ in range(n):
        x, loss = step(x)
        history.append(loss)
    return history


if __name__ == "__main__":
    print(len(run()), "losses recorded")
