"""`jax.jit(jax.vmap(per_example))` rebuilt on every iteration of an evaluation loop.

Source: https://github.com/jax-ml/jax/issues/9288
A transformation's result is a new function object each time it is created; jitting it inside
the loop compiles it on every iteration.

Observed on jax 0.10.x: per_example compiled 3 times
"""

import jax
import jax.numpy as jnp


def per_example(x):
    return jnp.tanh(x).sum()


def evaluate(batches):
    results = []
    for batch in batches:
        results.append(jax.jit(jax.vmap(per_example))(batch))  # expect: JAX401
    return results


def run():
    evaluate([jnp.ones((2, 3))] * 3)
