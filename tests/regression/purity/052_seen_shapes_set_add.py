"""Recording input shapes in an outer `set` from inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/837
Users track which shapes a jitted function sees to find recompiles; doing it with `set.add`
inside the function records shapes at trace time only, so repeated shapes add nothing.

Observed on jax 0.10.x: recorded in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

seen_batches = set()


@jax.jit
def encode(batch):
    seen_batches.add(batch.shape[0])  # expect: JAX104
    return jnp.tanh(batch)


def run():
    recorded = 0
    for i in range(3):
        before = len(seen_batches)
        encode(jnp.ones((4, 2)) * i)
        recorded += len(seen_batches) > before
    return recorded
