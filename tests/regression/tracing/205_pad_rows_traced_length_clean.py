"""Padding length marked static (the fix).

Source: https://github.com/jax-ml/jax/issues/204
Same padding helper as the hazard case; the answer in the thread is that the
padded length determines a shape, so it must be a static argument
(`static_argnums`), which makes jit specialise on it.

Observed on jax 0.10.2: runs
"""
import jax
from jax import lax
import jax.numpy as jnp


def pad_rows(first_row, pad_to_length):
    width = first_row.shape[0]
    empty = lax.full((pad_to_length, width), 0, first_row.dtype)
    return lax.dynamic_update_slice(empty, first_row.reshape(1, width), (0, 0))


pad_rows_jit = jax.jit(pad_rows, static_argnums=1)


def run():
    return pad_rows_jit(jnp.array([1, 2]), 4)
