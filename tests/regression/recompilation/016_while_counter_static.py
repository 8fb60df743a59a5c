"""A `while` loop counter passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/1879
A training loop passed its batch index to a jitted function marked static ("recompile on
batch_size change"); a static value that changes every iteration compiles every iteration.

Observed on jax 0.10.x: train_outer compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def train_outer(params, batch_start):
    return params + batch_start


def run_epochs(params):
    start = 0
    while start < 3:
        params = train_outer(params, start)  # expect: JAX403
        start += 1
    return params


def run():
    run_epochs(jnp.zeros(2))
