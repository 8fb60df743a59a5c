"""Branching on a string `mode` marked static with `static_argnames`.

Source: https://github.com/f0uriest/interpax/issues/96
The maintainer's answer to the jit failure: pass the flag that controls the Python branch as a
static argument (`jax.jit(CubicSpline, static_argnames=["check"])`).

Observed on jax 0.10.x: runs
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("check",))
def slopes(x, y, check=True):
    if check:
        x = jnp.where(jnp.isfinite(x), x, 0.0)
    return jnp.diff(y) / jnp.diff(x)


def run():
    slopes(jnp.arange(3.0), jnp.arange(3.0) ** 2, check=False)
    slopes(jnp.arange(3.0), jnp.arange(3.0) ** 2, check=True)
