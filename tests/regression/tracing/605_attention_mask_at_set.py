"""Attention scores are masked with a boolean `.at[...]` update inside a jitted layer.

Source: https://github.com/probml/probml-notebooks/pull/70
"Boolean indices is not jit compatible": the d2l multi-head attention
notebook masked with `x.at[x < 0].set(0)`-style updates, which raise
NonConcreteBooleanIndexError under jit. Rebuilt as a masked-softmax helper
called from a jitted attention function.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp


def masked_softmax(scores, valid_lens):
    cols = jnp.arange(scores.shape[-1])
    mask = cols[None, :] >= valid_lens[:, None]
    scores = scores.at[mask].set(-1e6)  # expect: JAX205
    return jax.nn.softmax(scores, axis=-1)


@jax.jit
def attention(q, k, v, valid_lens):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return masked_softmax(scores, valid_lens) @ v


def run():
    q = jnp.ones((2, 4))
    k = jnp.ones((3, 4))
    v = jnp.arange(12.0).reshape(3, 4)
    return attention(q, k, v, jnp.array([1, 2]))
