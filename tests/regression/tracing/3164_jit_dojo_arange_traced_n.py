"""In a JAX course's "jit dojo" lesson on static parameters, f_nojit(n) builds
jnp.arange(n) + 1 and returns its diagonal matrix. The lesson jits it with
static_argnames=['n'] and notes "without 'static_argnames' it raises an error": jitting
it plainly makes n a tracer, and jnp.arange needs a concrete length, so the first call
f_jit(4) fails with a ConcretizationTypeError.

Source: https://github.com/matomatical/hijax/blob/66ec8c7c044d593f58ffb1e46b8f052a23f1c008/jit_dojo/lesson5.py#L22
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp
from jaxtyping import Int, Array


def f_nojit(n: int, ) -> Int[Array, "n n"]:
    a = jnp.arange(n) + 1  # expect: JAX204
    b = jnp.diag(a)
    return b


f_jit = jax.jit(f_nojit)


def run():
    f_jit(4)
    f_jit(3)
    return 0
