"""`jax.jit(model_fn)` of a module-level function inside a helper called every step.

Source: https://github.com/jax-ml/jax/issues/9288
jit caches on the function object: wrapping the same module-level function again on every call
finds the existing cache entry, so the helper compiles once (a lambda there would not).

Observed on jax 0.10.x: model_fn compiled 1 time
"""

import jax
import jax.numpy as jnp


def model_fn(params, x):
    return jnp.tanh(x @ params)


def evaluate(params, x):
    return jax.jit(model_fn)(params, x)


def run():
    for _ in range(3):
        evaluate(jnp.ones(3), jnp.ones((2, 3)))
