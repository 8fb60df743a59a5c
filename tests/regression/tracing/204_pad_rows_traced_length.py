"""Padding helper builds an array whose row count is a jit argument.

Source: https://github.com/jax-ml/jax/issues/204
"Error using dynamic_update_slice with jit": `dynamic_update_slice_test(
first_row, pad_to_length)` built `lax.full((pad_to_length, width), 0, ...)`
and worked eagerly, but under `jit` the printed shape was
`(Traced<ShapedArray(int32[])>, 2)` and the call failed. Here the helper pads
token rows for a batching utility that is jitted as a whole.

Observed on jax 0.10.2: raises TypeError
"""
import jax
from jax import lax
import jax.numpy as jnp


def pad_rows(first_row, pad_to_length):
    width = first_row.shape[0]
    empty = lax.full((pad_to_length, width), 0, first_row.dtype)  # expect: JAX204
    return lax.dynamic_update_slice(empty, first_row.reshape(1, width), (0, 0))


pad_rows_jit = jax.jit(pad_rows)


def run():
    return pad_rows_jit(jnp.array([1, 2]), 4)
