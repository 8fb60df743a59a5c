"""Padding helper with a static `pad_width` that callers pass as a list.

Source: https://github.com/jax-ml/jax/pull/2379
`jnp.pad` forwarded `pad_width` to a jitted `_pad` with the widths static; when
callers passed a list (the usual `[(1, 1), (2, 2)]`), every call got a new
object id and recompiled; the PR wrapped it in `tuple(...)`. The same helper
written in user code today is refused as non-hashable.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def _pad(array, pad_width, mode):
    return jnp.pad(array, pad_width, mode=mode)


def pad_image(img, border):
    pad_width = [(border, border), (border, border)]
    return _pad(img, pad_width, "edge")  # expect: JAX301,JAX302,JAX303


def run():
    return pad_image(jnp.ones((4, 4)), 2)
