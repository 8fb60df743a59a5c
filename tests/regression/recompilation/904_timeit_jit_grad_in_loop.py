"""Benchmark loop that applies ``jit(grad(...))`` inside the timed loop.

Source: https://github.com/jax-ml/jax/issues/1832
mattjj: "when you use jit, you should probably do it once outside the timing
loop. Otherwise ... you're paying the recompilation cost each time ... when you
write ``%timeit jit(grad(...)) ...`` you're probably doing a lot of
recompilation."

Observed on jax 0.10.2: func_jax compiled 3 times
"""
import jax.numpy as jnp
from jax import grad, jit, lax


def func_jax(x):
    def body(f_prev, x_i):
        return f_prev + x_i, f_prev + x_i

    _, f = lax.scan(body, 0.0, x)
    return jnp.sum(f)


def benchmark():
    x = jnp.linspace(0.0, 1.0, 1000)
    out = None
    for _ in range(3):
        out = jit(grad(func_jax))(x)  # expect: JAX401
    return out


def run():
    return benchmark()
