"""Output length passed as a hashable static int.

Source: https://theneuralbase.com/jax/learn/beginner/jit-with-static-argnums/
What happened: the tutorial marks the ``length`` argument, which sets an array
shape, as static with static_argnums; the Python int is hashable and each length
gets its own compiled program.
Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def compute_output(key, length, scale):
    return scale * jax.random.normal(key, (length,))


def run():
    key = jax.random.PRNGKey(0)
    out = compute_output(key, 5, 2.0)
    out2 = compute_output(key, 5, 3.0)
    return (out + out2).sum()
