"""A list passed to a static argument of a jitted function imported from another module.

Source: https://github.com/genjax-community/genjax/issues/1179
Static arguments must be hashable; a list raises `ValueError: Non-hashable static arguments`.
The `static_argnums` is in `layers.py`, the call with a list in the script that imports it.

Observed on jax 0.10.x: raises ValueError
"""

import jax.numpy as jnp

from layers import mlp


def run():
    mlp(jnp.ones(3), [4, 2])  # expect: JAX302
