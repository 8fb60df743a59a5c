"""The look-alike of 701: a tuple, hashable, passed to the static argument of the jitted
function imported from another module.

Source: https://github.com/genjax-community/genjax/issues/1179
The fix given there: pass a tuple.

Observed on jax 0.10.x: runs
"""

import jax.numpy as jnp

from .layers import mlp


def run():
    mlp(jnp.ones(3), (4, 2))
