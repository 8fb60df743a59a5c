"""`a[:k]` with a traced `k` in a jitted top-k sum.

Source: https://github.com/jax-ml/jax/issues/1007
"I first tried using indexing like a[:k], which generated an error": a slice bound from a
traced argument; the maintainers suggest a static `k` or masking.

Observed on jax 0.10.x: raises IndexError
"""

import jax
import jax.numpy as jnp


@jax.jit
def sum_first_k(a, k):
    return jnp.sum(a[:k])  # expect: JAX205


def run():
    return sum_first_k(jnp.arange(3.0), 2)
