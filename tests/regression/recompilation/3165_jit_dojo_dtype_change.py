"""A JAX course's "jit dojo" lesson on what jit specialises on: f(a) places the
vector a on the diagonal of an n x n matrix of a's dtype. It is called with an integer
array and then "again with a different dtype" (the same values written as floats).
Shapes and dtypes are part of the compilation key, so the second call traces and
compiles f a second time even though the values and the shape are the same.

Source: https://github.com/matomatical/hijax/blob/66ec8c7c044d593f58ffb1e46b8f052a23f1c008/jit_dojo/lesson3.py#L26
Observed on jax 0.10.x: f compiled 2 times
"""
import jax
import jax.numpy as jnp
from jaxtyping import Num, Array


@jax.jit
def f(a: Num[Array, "n"]) -> Num[Array, "n n"]:
    n, = a.shape
    A = jnp.zeros((n, n), dtype=a.dtype)
    A = A.at[jnp.arange(n), jnp.arange(n)].set(a)
    return A


def run():
    result = f(jnp.array([1, 2, 3, 4]))
    result = f(jnp.array([1., 2., 3., 4.]))  # expect: JAX406
    return 0
