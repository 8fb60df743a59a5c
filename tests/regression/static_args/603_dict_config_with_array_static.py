"""A dict of settings (one entry an array) passed as the static argument of a jitted slicer.

Source: https://github.com/jax-ml/jax/issues/6853
The user jitted `foo(x, d)` that slices `x[:d['num']]` and adds `d['val']`.
Without `static_argnums` the slice bound is traced (IndexError); marking the
dict static fails because a dict, and the array inside it, are not hashable.
Flax-style code bundles such settings in dicts all the time.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import jit


@partial(jit, static_argnums=1)
def foo(x, d: dict):  # expect: JAX301
    return x[: d["num"]] + d["val"]


def apply_window(x, num, offsets):
    settings = {"num": num, "val": offsets}
    return foo(x, settings)  # expect: JAX301,JAX302,JAX303


def run():
    return apply_window(jnp.arange(10), 5, np.arange(5))
