"""`static_argnames` naming a keyword-only parameter that the caller passes by keyword.

Source: https://github.com/jax-ml/jax/pull/3532
The pull request adding `static_argnames` shows it on a keyword-only parameter
(`def dot(x, y, *, precision=None)`); string values hash by value, one compile per value.

Observed on jax 0.10.x: activation compiled 2 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("kind",))
def activation(x, *, kind="relu"):
    if kind == "relu":
        return jnp.maximum(x, 0.0)
    return jnp.tanh(x)


def run():
    for kind in ("relu", "tanh", "relu"):
        activation(jnp.ones(3), kind=kind)
