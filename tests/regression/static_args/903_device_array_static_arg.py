"""A JAX array marked static and passed twice.

Source: https://github.com/jax-ml/jax/issues/883
"DeviceArray as static argument: incompatible with jit cache?":
``f = partial(jit, static_argnums=(1,))(f)`` called with
``v = np.array([1, 2, 3])`` (jax.numpy) errored while querying the cache.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax.numpy as np
from jax import jit


@partial(jit, static_argnums=(1,))
def f(x, v):
    return x * len(v)


def main():
    x = np.ones((10, 10))
    v = np.array([1, 2, 3])
    first_call = f(x, v)  # expect: JAX302
    second_call = f(x, v)  # expect: JAX302
    return first_call + second_call


def run():
    return main()
