"""JAX104: appending to a module-level list in a jitted function happens once, at trace time."""

import jax
import jax.numpy as jnp

history = []


@jax.jit
def step(x):
    loss = (x**2).sum()
    history.append(loss)  # expect: JAX104
    return x - 0.1 * x


def run(n=3):
    x = jnp.ones(3)
    for _ in range(n):
        x = step(x)
    return history  # one element, a leaked tracer


if __name__ == "__main__":
    print(len(run()), "losses recorded")
