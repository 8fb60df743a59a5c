"""A Q&A post asked why a jitted `example_func(x) = sin(x) + cos(x)` was slow
again on a later call. The user called `jit_func` with a 3-element array twice
(the second call reused the cached executable) and then with a 4-element array;
the new input shape forces JAX to trace and compile `example_func` again.

Source: https://taourl.com/read-2679538.html
Observed on jax 0.10.x: example_func compiled 2 times
"""
import jax
import jax.numpy as jnp


def example_func(x):
    return jnp.sin(x) + jnp.cos(x)


jit_func = jax.jit(example_func)


def run():
    # First run (compilation occurs)
    x1 = jnp.array([1.0, 2.0, 3.0])
    result1 = jit_func(x1)
    # Second run (expected to be fast)
    x2 = jnp.array([1.0, 2.0, 3.0])
    result2 = jit_func(x2)
    # Third run (different shape, recompilation occurs)
    x3 = jnp.array([1.0, 2.0, 3.0, 4.0])
    result3 = jit_func(x3)  # expect: JAX404
    return None
