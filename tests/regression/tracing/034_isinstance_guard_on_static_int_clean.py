"""An `isinstance` guard that keeps Python control flow on a static argument.

Source: https://github.com/jax-ml/jax/issues/5186
The usual fix for arange in jit: make the size static. Here the size is static and a guard
checks its type before a Python comparison; nothing traced reaches the `if`.

Observed on jax 0.10.x: runs
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def first_n(x, n):
    if not isinstance(n, int) or n < 0:
        raise ValueError("n must be a non-negative int")
    return x[:n] + jnp.arange(n)


def run():
    first_n(jnp.ones(5), 3)
