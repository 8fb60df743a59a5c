"""Appending to a module-level list from a jitted function.

Source: https://github.com/jax-ml/jax/pull/5905
The JAX-101 jitting notebook shows `global_list.append(x)` inside a jitted function: the
append is not part of the jaxpr, it runs once during tracing and never again.

Observed on jax 0.10.x: appended in 1 of 3 calls
"""

import jax.numpy as jnp
from jax import jit as compile_fn

global_list = []


def log2(x):
    global_list.append(x)  # expect: JAX104
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


log2_fast = compile_fn(log2)


def run():
    appended = 0
    for value in (3.0, 4.0, 5.0):
        before = len(global_list)
        log2_fast(value)
        appended += len(global_list) > before
    return appended
