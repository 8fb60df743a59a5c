"""Domain-decomposition helpers (after jaxfluids_postprocess/buffer_operations.py)."""
from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np


def reassemble_buffer(buffer, split_factors: Tuple, is_transpose: bool = False,
                      keep_transpose: bool = False, jax_numpy: bool = True):
    if jax_numpy:
        return reassemble_buffer_jnp(buffer, split_factors, keep_transpose)
    return reassemble_buffer_np(buffer, split_factors, keep_transpose)


@partial(jax.jit, static_argnums=(1, 2))
def reassemble_buffer_jnp(buffer, split_factors: Tuple, keep_transpose: bool):
    shape = buffer.shape
    buffer = jnp.reshape(buffer, tuple(split_factors) + shape[1:])
    buffer = jnp.concatenate([buffer[i] for i in range(split_factors[0])], axis=4)
    buffer = jnp.concatenate([buffer[i] for i in range(split_factors[1])], axis=2)
    buffer = jnp.concatenate([buffer[i] for i in range(split_factors[2])], axis=0)
    if not keep_transpose:
        buffer = jnp.transpose(buffer)
    return buffer


def reassemble_buffer_np(buffer, split_factors: Tuple, keep_transpose: bool):
    shape = buffer.shape
    buffer = np.reshape(buffer, tuple(split_factors) + shape[1:])
    buffer = np.concatenate([buffer[i] for i in range(split_factors[0])], axis=4)
    buffer = np.concatenate([buffer[i] for i in range(split_factors[1])], axis=2)
    buffer = np.concatenate([buffer[i] for i in range(split_factors[2])], axis=0)
    return buffer if keep_transpose else np.transpose(buffer)
