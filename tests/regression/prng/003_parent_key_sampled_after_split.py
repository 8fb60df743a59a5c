"""Subkeys are split from `key`, and `key` itself is then used for another draw.

Source: https://docs.jax.dev/en/latest/random-numbers.html
After `split`, the parent key should not be used again: its stream overlaps with the keys
derived from it.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def init_layer(key, n_in, n_out):
    w_key, b_key = jax.random.split(key)
    w = jax.random.normal(w_key, (n_in, n_out))
    b = jax.random.normal(b_key, (n_out,))
    noise = jax.random.uniform(key, (n_out,))  # expect: JAX504
    return w, b + 0.01 * noise


def run():
    init_layer(jax.random.key(0), 3, 2)
