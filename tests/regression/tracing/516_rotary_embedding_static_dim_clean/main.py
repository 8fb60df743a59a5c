"""Clean look-alike of 009: ``rotary_dim`` is Python arithmetic on the static head size.

Source: https://github.com/keras-team/keras-hub/pull/1137
Computing ``rotary_dim = int(head_dim * rotary_percentage)`` from the static shape keeps the
``arange`` stop concrete under jit.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from attention import attention_scores


def run():
    q = jnp.ones((2, 6, 16))
    k = jnp.ones((2, 6, 16))
    return attention_scores(q, k)
