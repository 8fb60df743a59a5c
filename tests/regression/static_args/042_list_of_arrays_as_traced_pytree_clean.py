"""A list of arrays passed to a regular (non-static) parameter of a jitted function.

Source: https://github.com/genjax-community/genjax/issues/1179
Lists fail only as static arguments; as ordinary arguments they are pytrees whose leaves are
traced, which is how parameter lists are normally passed.

Observed on jax 0.10.x: forward compiled 1 time
"""

import jax
import jax.numpy as jnp


@jax.jit
def forward(layers, x):
    for w in layers:
        x = jnp.tanh(x @ w)
    return x


def run():
    layers = [jnp.eye(3), jnp.eye(3)]
    for _ in range(3):
        forward(layers, jnp.ones(3))
