"""Iterating over the rows of a traced array and asserting on its shape inside `jit`.

Source: https://github.com/k-karna/learning_jax
The notebook's `for i in range(x.shape[0])` works because shapes are static; iterating a traced
array directly and asserting on `x.shape` are static in the same way.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def row_norms(x):
    assert x.shape[-1] == 3, "expects xyz vectors"
    return jnp.stack([jnp.linalg.norm(row) for row in x])


def run():
    row_norms(jnp.ones((4, 3)))
