"""Masked mean written with the three-argument jnp.where under jit.

Source: https://andrewcharlesjones.github.io/journal/jax-jit.html
What happened: the blog post on JIT compilation in JAX shows jitting numeric
functions whose shapes are fixed; selecting values with a computed mask through
the three-argument where keeps the shapes static.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def masked_mean(values, threshold):
    mask = values > threshold
    total = jnp.sum(jnp.where(mask, values, 0.0))
    return total / jnp.maximum(jnp.sum(mask), 1)


def run():
    return masked_mean(jnp.array([0.1, 0.7, 0.3, 0.9]), 0.5)
