"""A Python flag passed through `vmap` with `in_axes=None` and used in an `if`.

Source: https://github.com/jax-ml/jax/pull/16430
Only mapped arguments become batch tracers under `vmap`; an argument with `in_axes=None` is
passed through unchanged, so Python control flow on a Python bool there is fine.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def activation(x, use_relu):
    if use_relu:
        return jnp.maximum(x, 0.0)
    return jnp.tanh(x)


def run():
    jax.vmap(activation, in_axes=(0, None))(jnp.array([-1.0, 2.0]), True)
