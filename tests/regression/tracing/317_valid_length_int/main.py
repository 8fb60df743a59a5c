"""Padded sequences are trimmed with int((tokens != pad).sum()) inside a vmapped scorer.

Source: https://github.com/jax-ml/jax/pull/17650
The PR reworked the errors raised when a traced array is converted with bool(), int(),
float() or index(); converting a traced array to a Python int inside a transformation
is a concretization error.  Here the trimming helper (masking.py) counts valid tokens
with int() under jit(vmap(...)).

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from .scorer import batch_score


def run():
    emb = jnp.arange(10.0)
    tokens = jnp.array([[3, 4, 5, 0, 0], [1, 2, 0, 0, 0]])
    return batch_score(emb, tokens)
