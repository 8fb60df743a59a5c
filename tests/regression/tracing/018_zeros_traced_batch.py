"""`jnp.zeros((n, 8))` with `n` a traced argument of the jitted function.

Source: https://github.com/jax-ml/jax/issues/14279
"Shapes must be 1D sequences of concrete values of integer type, got (8, Traced<...>)": a
shape built from a traced argument inside `jit`.

Observed on jax 0.10.x: raises TypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def init_hidden(n, features):
    hidden = jnp.zeros((n, 8))  # expect: JAX204
    return hidden + features


def run():
    return init_hidden(4, jnp.ones(8))
