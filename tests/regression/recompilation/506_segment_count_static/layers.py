import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("num_segments",))
def aggregate(messages, segment_ids, num_segments):
    summed = jax.ops.segment_sum(messages, segment_ids, num_segments=num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(segment_ids, dtype=messages.dtype),
                                 segment_ids, num_segments=num_segments)
    return summed / jnp.maximum(counts, 1.0)[:, None]
