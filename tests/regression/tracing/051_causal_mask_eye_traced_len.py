"""A causal mask built with `jnp.eye(seq_len)` where `seq_len` is a traced argument.

Source: https://github.com/jax-ml/jax/pull/22779
A concretization check was added to `jax.numpy.tri` because sizes given to these builders under
`jit` must be concrete; a traced length fails with a shape error.

Observed on jax 0.10.x: raises TypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def masked_scores(scores, seq_len):
    mask = jnp.cumsum(jnp.eye(seq_len), axis=0)  # expect: JAX204
    return jnp.where(mask > 0, scores, -1e9)


def run():
    return masked_scores(jnp.ones((3, 3)), 3)
