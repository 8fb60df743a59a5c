"""A loop variable passed to a static argument of a decorated jitted function of another module.

Source: https://github.com/huggingface/diffusers/pull/1096
A static argument that takes the loop's value compiles once per iteration; the decorator
with `static_argnames` is in `model.py`, the loop in the sampling script.

Observed on jax 0.10.x: denoise compiled 3 times
"""

import jax.numpy as jnp

import model


def sample(x, steps):
    for width in range(4, 4 + steps):
        x = model.denoise(x, width=width)  # expect: JAX403
    return x


def run():
    sample(jnp.ones(2), 3)
