"""Data-dependent branch written with jax.lax.cond inside jit.

Source: https://apxml.com/courses/getting-started-with-jax/chapter-2-accelerating-functions-jit/jit-control-flow
What happened: the course shows conditional_func_py (`if x > 0`) failing under
jit and rewrites it with jax.lax.cond so both branches are traced and the
choice is made at run time.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def conditional_func(x):
    return jax.lax.cond(x > 0, lambda v: v * 2, lambda v: v / 2, x)


def run():
    return conditional_func(jnp.float32(5.0)) + conditional_func(jnp.float32(-4.0))
