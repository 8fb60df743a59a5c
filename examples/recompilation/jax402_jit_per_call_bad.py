"""JAX402: each call of `evaluate` jits a new `partial`, so each call compiles `loss` again."""

from functools import partial

import jax
import jax.numpy as jnp


def loss(w, batch):
    return ((w - batch) ** 2).mean()


def evaluate(w, batch):
    f = jax.jit(partial(loss, batch=batch))
    return f(w)  # expect: JAX402


if __name__ == "__main__":
    for _ in range(3):
        print(evaluate(jnp.ones(3), jnp.zeros(3)))
