"""`if i == 0:` on the loop index inside a `fori_loop` body.

Source: https://github.com/jax-ml/jax/pull/10398
The discussion of `fori_loop`'s bounds: with traced or large bounds the loop is a real loop and
the index `i` given to the body is traced, so Python branching on it raises.

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
