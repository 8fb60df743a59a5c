"""Image resize helper jitted with the target ``shape`` static, called with a
list shape.

Source: https://github.com/jax-ml/jax/pull/3712
"clean up jax internals in preparation for only allowing hashable values
passed as static args": ``resize(image, shape, method, antialias)`` forwarded a
caller's ``shape`` (often a list) to the jitted ``_resize`` with ``shape``
static; the PR changed the call to ``_resize(image, tuple(shape), ...)``.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial
from typing import Sequence

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2, 3))
def _resize(image, shape, method, antialias):
    return jax.image.resize(image, tuple(shape), method=method, antialias=antialias)


def resize(image, shape: Sequence[int], method: str, antialias: bool = True):
    return _resize(image, shape, method, antialias)  # expect: JAX302


def run():
    image = jnp.ones((8, 8, 3))
    return resize(image, [4, 4, 3], "linear")
