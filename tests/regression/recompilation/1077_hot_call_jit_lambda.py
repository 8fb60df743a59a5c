"""Metric helper that builds a new jitted lambda on every call.

Source: https://crackedaicode.com/problems/jax-compilation-cache-key
What happened: the exercise contrasts a module-level ``@jax.jit`` helper with
``f = jax.jit(lambda y: jnp.sum(y ** 2))`` created inside the function (here a nested ``def``): the new
jit object per call guarantees a cache miss and a full recompile every time.
Observed on jax 0.10.2: sum_sq compiled 5 times
"""
import jax
import jax.numpy as jnp


def grad_norm_sq(grads):
    def sum_sq(y):
        return jnp.sum(y ** 2)

    f = jax.jit(sum_sq)
    return f(grads)  # expect: JAX402


def run():
    total = 0.0
    for step in range(5):
        grads = jnp.full((8,), float(step))
        total += grad_norm_sq(grads)
    return total
