"""`jnp.arange(x.shape[0])` and `jnp.zeros((x.shape[0], d))` inside `jit`.

Source: https://github.com/jax-ml/jax/issues/5186
The fix suggested in the arange report's own code (`n = x.shape[0]`): sizes taken from shapes
are concrete at trace time.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def positional_encoding(tokens):
    n, d = tokens.shape
    positions = jnp.arange(n)[:, None]
    table = jnp.zeros((n, d)) + jnp.sin(positions / 10000 ** (jnp.arange(d) / d))
    return tokens + table


def run():
    positional_encoding(jnp.ones((4, 6)))
