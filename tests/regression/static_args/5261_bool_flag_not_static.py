"""Derrick Mwiti's JAX tutorial gists: a function takes a Python boolean flag and an
array, and is wrapped in a plain @jax.jit. The flag is traced like any other argument,
so `-x if boolean else x` asks for the truth value of a tracer; the fix in the next gist
is @partial(jax.jit, static_argnums=(0,)).

Source: https://gist.github.com/mwitiderrick?page=3
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax


@jax.jit
def f(boolean, x):
    return -x if boolean else x  # expect: JAX201,JAX306


def run():
    return f(True, 1)
