"""Inference loop whose batches alternate between float32 and integer arrays.

Source: https://openillumi.com/en/en-jax-jit-cache-size-recompile-debug
What happened: the author describes a training loop that recompiled because the
data type was subtly different between batches; monitoring the jit cache size
exposed it, and unifying the input dtype fixed the slowdown.
Observed on jax 0.10.2: predict compiled 2 times
"""
import jax
import jax.numpy as jnp

from data import CsvLikeLoader


@jax.jit
def predict(w, x):
    return jnp.tanh(x @ w)


def run():
    w = jnp.ones(3, dtype=jnp.float32)
    total = 0.0
    for x in CsvLikeLoader(n_batches=6, batch_size=4, dim=3):
        total += predict(w, x).sum()  # expect: JAX406
    return total
