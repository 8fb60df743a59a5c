"""Debug prints left in the forward pass of a transformer block, run under jax.jit.

The nucleotide-transformer `SelfAttentionBlock.__call__` shipped with two prints,
`print(f"Uses pre layer norm: {self._pre_layer_norm}")` and
`print(f"Out of pre layer norm (or not): {x}")`, between the attention and MLP sub-layers (removed in PR #54). When
inference runs through a jitted apply function, as here, the prints fire while the forward pass
is traced (showing a tracer instead of the embeddings) and never again on later batches. run() returns how many of three jitted forward calls wrote
to stdout.

Source: https://github.com/instadeepai/nucleotide-transformer/pull/54
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import equinox as eqx
import jax
import jax.numpy as jnp

from layers import SelfAttentionBlock


def run():
    block = SelfAttentionBlock(embed_dim=8, ffn_dim=16, key=jax.random.PRNGKey(0))
    apply_fn = eqx.filter_jit(lambda model, tokens: model(tokens)["embeddings"])
    printed = 0
    for i in range(3):
        tokens = jax.random.normal(jax.random.PRNGKey(i), (2, 5, 8))
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            jax.block_until_ready(apply_fn(block, tokens))
        printed += bool(buf.getvalue())
    return printed
