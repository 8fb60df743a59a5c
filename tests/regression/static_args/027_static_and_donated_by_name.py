"""The same parameter named in `static_argnames` and `donate_argnames`.

Source: https://github.com/jax-ml/jax/pull/7328
Static arguments are hashed and baked into the compiled code, donated ones are buffers given
up to it; jit refuses a name in both.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("cache",), donate_argnames=("cache", "state"))  # expect: JAX305
def decode_step(state, cache):
    return state + 1.0, cache


def run():
    return decode_step(jnp.ones(2), cache=(4, 2))
