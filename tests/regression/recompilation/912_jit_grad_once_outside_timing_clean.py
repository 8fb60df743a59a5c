"""Clean look-alike: the benchmark from the thread with ``jit(grad(...))``
applied once before the timed loop.

Source: https://github.com/jax-ml/jax/issues/1832
"you should probably do it once outside the timing loop".

Observed on jax 0.10.2: func_jax compiled 1 times
"""
import jax.numpy as jnp
from jax import grad, jit, lax


def func_jax(x):
    def body(f_prev, x_i):
        return f_prev + x_i, f_prev + x_i

    _, f = lax.scan(body, 0.0, x)
    return jnp.sum(f)


grad_fn = jit(grad(func_jax))


def run():
    x = jnp.linspace(0.0, 1.0, 1000)
    out = None
    for _ in range(3):
        out = grad_fn(x)
    return out
