"""`static_argnames` naming the `*shapes` varargs parameter.

Source: https://github.com/jax-ml/jax/issues/10601
Static names must be parameters a caller can pass by keyword; a `*args` parameter cannot be,
so jit rejects it in `static_argnames` as positional-only.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("shapes",))  # expect: JAX304
def zeros_like_shapes(scale, *shapes):
    return [scale * jnp.zeros(s) for s in shapes]


def run():
    return zeros_like_shapes(1.0, (2,), (3,))
