"""A nested `@jax.jit` function defined inside a function that is called repeatedly.

Source: https://github.com/jax-ml/jax/issues/9288
The tutorial discussion: jit caches on the function object, so a jitted function defined anew
on every call of its enclosing function is compiled anew on every call.

Observed on jax 0.10.x: apply_filter compiled 3 times
"""

import jax
import jax.numpy as jnp


def smooth(signal, width):
    @jax.jit
    def apply_filter(x):
        kernel = jnp.ones(3) / 3.0
        return jnp.convolve(x, kernel, mode="same") * width

    return apply_filter(signal)  # expect: JAX402


def run():
    for width in (1.0, 2.0, 3.0):
        smooth(jnp.arange(5.0), width)
