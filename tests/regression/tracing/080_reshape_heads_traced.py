"""`x.reshape(batch, seq, num_heads, -1)` with `num_heads` passed as a regular argument.

Source: https://github.com/jax-ml/jax/issues/14279
"Shapes must be 1D sequences of concrete values of integer type": a head count that reaches
`reshape` as a traced argument cannot shape the array.

Observed on jax 0.10.x: raises TypeError
"""

import jax
import jax.numpy as jnp


def split_heads(x, num_heads):
    batch, seq, dim = x.shape
    return x.reshape(batch, seq, num_heads, -1)  # expect: JAX204


split_heads_jit = jax.jit(split_heads)


def run():
    return split_heads_jit(jnp.ones((2, 3, 8)), 2)
