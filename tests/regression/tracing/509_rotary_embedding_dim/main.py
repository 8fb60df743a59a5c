"""GPT-NeoX rotary embedding computes ``rotary_dim`` with array ops, then ``arange(0, rotary_dim, 2)``.

Source: https://github.com/keras-team/keras-hub/pull/1137
Report: porting GPTNeoX to Keras Core, the JAX-backend tests failed in
``rotary_embedding.py::_compute_cos_sin_embedding`` at ``ops.arange(0, rotary_dim, 2,
"float32")`` with ``ConcretizationTypeError ... It arose in the jnp.arange argument 'stop'``:
``rotary_dim`` was a traced float32 because it had been computed with array ops instead of
Python arithmetic on the static head size.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from attention import attention_scores


def run():
    q = jnp.ones((2, 6, 16))
    k = jnp.ones((2, 6, 16))
    return attention_scores(q, k)
