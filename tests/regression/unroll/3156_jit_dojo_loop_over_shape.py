"""In a JAX course's "jit dojo", a jitted function scales each element by its index
with a Python for loop: `n, = a.shape` then `for i in range(n): out = out.at[i].set(
a[i] * i)`. Inside jit the shape is static, so this traces, but the loop is unrolled
at trace time: the traced program (one scatter per element) and the compile grow
with the length of the input, and every new length unrolls again. The lesson's title
says it: "loops are unrolled at trace time".

Source: https://github.com/matomatical/hijax/blob/66ec8c7c044d593f58ffb1e46b8f052a23f1c008/jit_dojo/lesson4.py#L13
Observed on jax 0.10.x: f compiled 1 times
"""
import jax
import jax.numpy as jnp
from jaxtyping import Int, Array


@jax.jit
def f(a: Int[Array, "n"]) -> Int[Array, "n"]:
    n, = a.shape
    out = jnp.zeros_like(a)
    for i in range(n):  # expect: JAX407
        out = out.at[i].set(a[i] * i)
    return out


def run():
    result = f(jnp.array([1, 2, 3, 4]))
    result = f(jnp.array([5, 5, 5, 5]))
    return 0
