"""JAX401: `jax.jit(jax.grad(loss))` inside the loop makes a new function, and compiles, per batch."""

import jax
import jax.numpy as jnp


def loss(w, x):
    return ((w * x) ** 2).sum()


def train(w, batches):
    for x in batches:
        w = w - 0.1 * jax.jit(jax.grad(loss))(w, x)  # expect: JAX401
    return w


if __name__ == "__main__":
    print(train(jnp.ones(3), [jnp.ones(3)] * 3))
