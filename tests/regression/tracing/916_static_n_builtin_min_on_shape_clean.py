"""Clean look-alike: the fix from the thread -- compute the truncated length
with the builtin ``min`` on the static ``n`` and the (static) shape, then
``jnp.arange`` of a concrete int.

Source: https://github.com/jax-ml/jax/issues/4798
hawkinsp: use NumPy/Python operations for shape computations under
omnistaging; ``min(x.shape[0], n)`` stays a Python int.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def foo(n, x):
    n_actual = min(x.shape[0], n)
    return x[:n_actual] + jnp.arange(n_actual)


def run():
    return foo(5, jnp.arange(10))
