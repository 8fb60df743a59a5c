"""Jitted elementwise function; output buffer sized from the input's shape.

Source: https://www.educative.io/courses/intro-jax-deep-learning/just-in-time-jit-compilation
What happened: the lesson jit-compiles a simple square function and notes that
operations expressible in XLA terms trace fine; shapes come from the argument's
static shape, never from its values.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def square_with_bias(x):
    bias = jnp.zeros(x.shape[0])
    return x * x + bias


def run():
    return square_with_bias(jnp.arange(4.0))
