"""A sampler whose key is a default argument, called once per epoch without a key.

Source: https://docs.jax.dev/en/latest/random-numbers.html
A default value is evaluated once, when the function is defined: every call that relies on it
draws the same numbers.

Observed on jax 0.10.x: distinct in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


def sample_minibatch_indices(n, batch, key=jax.random.PRNGKey(0)):  # expect: JAX502,JAX503
    return jax.random.choice(key, n, (batch,), replace=False)


def epochs(count):
    return [sample_minibatch_indices(10, 4) for _ in range(count)]


def run():
    return len({tuple(ix.tolist()) for ix in epochs(3)})
