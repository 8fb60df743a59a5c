"""A `global` step counter bumped inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/5233
Answering a question about side effects, a maintainer explains that rebinding a variable
declared `global` inside a jitted function is a side effect: it happens at trace time only.

Observed on jax 0.10.x: incremented in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

num_updates = 0


@jax.jit
def sgd_update(w, g):
    global num_updates
    num_updates += 1  # expect: JAX103
    return w - 0.01 * g


def run():
    w = jnp.ones(3)
    incremented = 0
    for _ in range(3):
        before = num_updates
        w = sgd_update(w, jnp.ones(3))
        incremented += num_updates > before
    return incremented
