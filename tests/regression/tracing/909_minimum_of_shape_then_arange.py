"""Truncating to "at most n" elements with ``jnp.minimum`` of two Python ints
inside a jitted function, then building ``jnp.arange`` from the result.

Source: https://github.com/jax-ml/jax/issues/4798
``n_actual = jnp.minimum(n_aval, n)`` is a tracer under ``jit`` even though
both inputs are concrete (``n`` static, ``n_aval`` from the shape), so
``jnp.arange(n_actual)`` fails; hawkinsp points to the omnistaging note
(use NumPy / Python ops for shape computations).

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def foo(n, x):
    n_aval = jnp.shape(x)[0]
    n_actual = jnp.minimum(n_aval, n)
    return jnp.arange(n_actual)  # expect: JAX204


def run():
    return foo(5, jnp.arange(10))
