"""A user wants to apply `other_fun` to the first `index` entries of an array inside a jitted
function and write the result back, translating the NumPy idiom `x[:index] = other_fun(x[:index])`
directly. `index` is an ordinary (traced) argument of the jitted function, so the slice bound is
not static; evaluating `x[:index]` fails during tracing with an IndexError about non-static slice
entries (the answer suggests jnp.where with a mask, or a static index).

Source: https://whosebug.com/question/6083851/JAX-Apply-function-only-on-slice-of-array-under-jit
Observed on jax 0.10.x: raises IndexError
"""
import jax
import jax.numpy as jnp


def other_fun(v):
    return jnp.sqrt(jnp.abs(v)) * 2.0


@jax.jit
def fun(x, index):
    x = x.copy()
    x = x.at[:index].set(other_fun(x[:index]))  # expect: JAX205
    return x


def run():
    x = jnp.linspace(-1.0, 1.0, 8)
    for index in (2, 4, 6):
        fun(x, index)
    return 0
