"""Indexing `data[i]` with the loop variable: every row has the same shape.

Source: https://github.com/jax-ml/jax/issues/2521
Recompilation follows shapes; an integer index picks one row of fixed shape, unlike a slice
whose bound moves with the loop variable.

Observed on jax 0.10.x: score compiled 1 time
"""

import jax
import jax.numpy as jnp


@jax.jit
def score(params, row):
    return jnp.dot(params, row)


def score_all(params, data):
    return [score(params, data[i]) for i in range(data.shape[0])]


def run():
    score_all(jnp.ones(3), jnp.ones((3, 3)))
