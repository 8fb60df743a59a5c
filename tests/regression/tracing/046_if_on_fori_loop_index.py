"""`if i == 0:` on the loop index inside a `fori_loop` body.

Source: https://github.com/jax-ml/jax/pull/10398
A pull request on how `fori_loop` handles its bounds: the loop is staged as a `scan` or a
`while_loop` either way, and the index `i` given to the body is traced, so `if i == 0:` raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def cumulative(xs):
    def body(i, acc):
        if i == 0:  # expect: JAX201
            return acc.at[i].set(xs[i])
        return acc.at[i].set(acc[i - 1] + xs[i])

    return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros_like(xs))


def run():
    return jax.jit(cumulative)(jnp.arange(4.0))
