"""A list passed at a ``static_argnums`` position, rebuilt between calls.

Source: https://github.com/jax-ml/jax/issues/4712
"aggressive JIT recompilation with equal-but-not-identical args":
``dummy_add_fn(dummy_arg, real_arg)`` with ``dummy_arg = [0]`` recompiled each
time the list was recreated (identity hashing); mattjj: "unhashable objects
(like lists) are silently treated via object identity semantics" -- now an
error.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def dummy_add_fn(dummy, x):
    return x + 1


def profile_runs():
    dummy_arg = [0]
    real_arg = jnp.zeros((3,))
    return dummy_add_fn(dummy_arg, real_arg)  # expect: JAX302


def run():
    return profile_runs()
