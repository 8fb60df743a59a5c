"""Trimmed flat item buffer in the style of flashbax.buffers.flat_buffer."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class FlatBufferState(NamedTuple):
    experience: jax.Array
    current_index: jax.Array
    is_full: jax.Array


def make_flat_buffer(max_length: int, min_length: int, sample_batch_size: int):
    def init(item):
        return FlatBufferState(
            experience=jnp.zeros((max_length,) + item.shape, item.dtype),
            current_index=jnp.array(0),
            is_full=jnp.array(False),
        )

    def add(state, item):
        experience = state.experience.at[state.current_index % max_length].set(item)
        new_index = state.current_index + 1
        return FlatBufferState(experience, new_index, state.is_full | (new_index >= max_length))

    def can_sample(state):
        return state.is_full | (state.current_index >= min_length)

    def sample(state, rng_key):
        upper = jnp.where(state.is_full, max_length, state.current_index)
        idx = jax.random.randint(rng_key, (sample_batch_size,), 0, upper)
        return state.experience[idx]

    return init, add, can_sample, sample
