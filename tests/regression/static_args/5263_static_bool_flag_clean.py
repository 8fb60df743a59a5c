"""A Q&A answer on how JAX treats static arguments: example_func branches on a Python
bool, and jax.jit(example_func, static_argnums=(0,)) makes the flag part of the cache
key. The flag is hashable and takes only two values, so the function is compiled once
per flag value and reused. Clean look-alike of a static argument.

Source: https://taourl.com/read-2012082.html
Observed on jax 0.10.x: example_func compiled 2 times
"""
import jax
import jax.numpy as jnp


def example_func(static_arg, dynamic_arg):
    if static_arg:
        return dynamic_arg * 2
    else:
        return dynamic_arg + 3


jitted_func = jax.jit(example_func, static_argnums=(0,))


def run():
    jitted_func(True, jnp.array([1, 2, 3]))
    jitted_func(True, jnp.array([4, 5, 6]))
    jitted_func(False, jnp.array([1, 2, 3]))
    jitted_func(False, jnp.array([7, 8, 9]))
    return 0
