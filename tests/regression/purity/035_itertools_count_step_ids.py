"""Step ids taken from an outer `itertools.count()` inside a jitted step.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure-functions
The sharp-bits page warns against iterators in traced code: the iterator advances while
tracing only, so the compiled step sees the same value every call.

Observed on jax 0.10.x: a distinct step id in 1 of 3 calls
"""

import itertools

import jax
import jax.numpy as jnp

step_counter = itertools.count()


@jax.jit
def step(params):
    step_id = next(step_counter)  # expect: JAX107
    return params * 0.9, step_id


def run():
    ids = set()
    params = jnp.ones(2)
    for _ in range(3):
        params, step_id = step(params)
        ids.add(int(step_id))
    return len(ids)
