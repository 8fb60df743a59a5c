"""Jitted gather helper called with index lists of different lengths.

Source: https://github.com/jax-ml/jax/issues/15761
The user timed `some_func(x, jnp.arange(n_indices))` for `n_indices in
[5, 8, 10, 10, 10]` and saw three slow calls: every new length of `indices` is a
new input shape, so the function (kept in its own module) is traced and
compiled again; only the repeated length 10 hits the cache.

Observed on jax 0.10.2: some_func compiled 3 times
"""
import jax.numpy as jnp

from ops import some_func


def run():
    x = jnp.ones(20)
    out = None
    for n_indices in [5, 8, 10, 10, 10]:
        li = jnp.arange(n_indices)
        out = some_func(x, li)  # expect: JAX404
    return out
