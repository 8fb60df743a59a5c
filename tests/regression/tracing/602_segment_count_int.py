"""The number of segments is computed from the data with `int()` inside jit.

Source: https://github.com/jax-ml/jax/issues/6350
`jax.jit(jax.ops.segment_sum)(c, b)` failed at `num_segments = int(num_segments)`
because without an explicit `num_segments` the count is derived from the
traced segment ids. Rebuilt as a user pooling helper that derives the count
the same way.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp
import numpy as np


def segment_pool(data, segment_ids):
    num_segments = int(jnp.max(segment_ids)) + 1  # expect: JAX202
    return jax.ops.segment_sum(data, segment_ids, num_segments=num_segments)


pool_jit = jax.jit(segment_pool)


def run():
    c = np.array([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
    b = np.array([0, 0, 1])
    return pool_jit(c, b)
