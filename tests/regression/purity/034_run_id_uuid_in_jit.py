"""A `uuid.uuid4()` sample id generated inside a jitted function.

Source: https://github.com/google/objax/issues/208
Randomness not threaded through `jit` is drawn once at trace time; a host-side id generator is
evaluated once and every compiled call returns the same id.

Observed on jax 0.10.x: a distinct id in 1 of 3 calls
"""

import uuid

import jax
import jax.numpy as jnp


@jax.jit
def tag_batch(batch):
    sample_id = uuid.uuid4().int % 1000003  # expect: JAX106
    return batch, jnp.int32(sample_id)


def run():
    ids = {int(tag_batch(jnp.ones(2))[1]) for _ in range(3)}
    return len(ids)
