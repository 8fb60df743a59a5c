from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np

Array = jax.Array


def reassemble_buffer(
        buffer: Array,
        split_factors: Tuple,
        is_transpose: bool = False,
        keep_transpose: bool = False,
        jax_numpy: bool = True,
        ) -> Array:
    if is_transpose:
        buffer = jnp.transpose(buffer, (0, 3, 2, 1))
    if jax_numpy:
        return reassemble_buffer_jnp(buffer, split_factors, keep_transpose)
    else:
        raise NotImplementedError


@partial(jax.jit, static_argnums=(1, 2))
def reassemble_buffer_jnp(
        buffer: Array,
        split_factors: Tuple,
        keep_transpose: bool
        ) -> Array:
    shape = buffer.shape
    reshape = tuple(split_factors) + shape[1:]
    buffer = jnp.reshape(buffer, reshape)
    buffer = jnp.concatenate([buffer[i] for i in range(split_factors[0])], axis=4)
    buffer = jnp.concatenate([buffer[i] for i in range(split_factors[1])], axis=2)
    buffer = jnp.concatenate([buffer[i] for i in range(split_factors[2])], axis=0)
    if not keep_transpose:
        buffer = jnp.transpose(buffer)
    return buffer
