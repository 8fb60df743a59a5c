"""`@functools.partial(jax.jit, static_argnums=(1,))` called with a list of layer widths.

Source: https://github.com/genjax-community/genjax/issues/1179
A list at a static position raises "Non-hashable static arguments are not supported", however
the decorator is spelled.

Observed on jax 0.10.x: raises ValueError
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def init_mlp(scale, widths):
    return [scale * jnp.ones(w) for w in widths]


def build():
    widths = [4, 8, 4]
    return init_mlp(0.1, widths)  # expect: JAX302


def run():
    return build()
