"""A `lax.cond` branch converts its operand with `np.asarray`.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html
Both branches of `lax.cond` are traced; NumPy cannot turn a tracer into an array.

Observed on jax 0.10.x: raises TracerArrayConversionError
"""

import jax
import jax.numpy as jnp
import numpy as np


def clip_branch(x):
    return jnp.asarray(np.clip(np.asarray(x), -1.0, 1.0))  # expect: JAX203


def identity_branch(x):
    return x


def maybe_clip(flag, x):
    return jax.lax.cond(flag, clip_branch, identity_branch, x)


def run():
    maybe_clip(True, jnp.array([2.0, -3.0]))
