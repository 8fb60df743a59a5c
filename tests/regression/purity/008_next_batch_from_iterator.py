"""Pulling the next batch from a Python iterator inside a jitted function.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions
The sharp-bits page shows `next(iterator)` inside a traced loop body: the iterator is consumed
at trace time, so the compiled function keeps reusing the first item.

Observed on jax 0.10.x: fresh batch in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

batches = iter([jnp.full(2, float(i)) for i in range(10)])


@jax.jit
def accumulate(total):
    batch = next(batches)  # expect: JAX107
    return total + batch.sum()


def run():
    total = jnp.float32(0)
    fresh = 0
    previous = None
    for _ in range(3):
        new_total = accumulate(total)
        step = float(new_total - total)
        fresh += step != previous
        previous = step
        total = new_total
    return fresh
