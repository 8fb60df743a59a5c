"""A JAX course's "jit dojo" lesson: f returns a or -a depending on
`if n > 0 and pos0:` where n comes from a.shape (static) but pos0 = a[0] > 0 is a
value of the input. Without jit it works for both inputs; wrapped with jax.jit the
comparison is a tracer and Python's `and`/`if` must convert it to bool, which fails
with a TracerBoolConversionError ("expect error", says the lesson).

Source: https://github.com/matomatical/hijax/blob/66ec8c7c044d593f58ffb1e46b8f052a23f1c008/jit_dojo/lesson7.py#L14
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp
from jaxtyping import Int, Array


def f(a: Int[Array, "n"]) -> Int[Array, "n"]:
    n, = a.shape
    pos0 = a[0] > 0
    if n > 0 and pos0:  # expect: JAX201
        return a
    else:
        return -a


def run():
    f(jnp.array([1, 2, 3, 4]))
    f(jnp.array([-1, -2, -3, 4]))
    f_jit = jax.jit(f)
    f_jit(jnp.array([5, 5, 5, 5]))
    return 0
