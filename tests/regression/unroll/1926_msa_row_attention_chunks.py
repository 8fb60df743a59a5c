"""MSA Transformer port (ColabDesign's esm_msa): row self-attention over an MSA is computed in
chunks to bound memory. `_batched_forward` reads `num_rows, num_cols, embed_dim = x.shape`,
derives `max_rows` from `max_tokens_per_msa // num_cols`, and loops in Python
`for start in range(0, num_rows, max_rows)` twice (weights, then updates). Under jit the loop is
unrolled into one block of attention ops per chunk, so deep alignments (up to 1024 sequences)
produce a huge program whose size depends on the input shape.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/esm_msa/axial_attention.py#L50
Observed on jax 0.10.x: runs
"""
import math

import jax
import jax.numpy as jnp


def compute_attention_weights(params, x, scaling, head_num):
    num_rows, num_cols, embed_dim = x.shape
    head_dim = embed_dim // head_num
    q = (x @ params["q"]).reshape([num_rows, num_cols, head_num, head_dim]) * scaling
    k = (x @ params["k"]).reshape([num_rows, num_cols, head_num, head_dim])
    return jnp.einsum("rihd,rjhd->hij", q, k)


def compute_attention_update(params, x, attn_probs, head_num):
    num_rows, num_cols, embed_dim = x.shape
    v = (x @ params["v"]).reshape([num_rows, num_cols, head_num, embed_dim // head_num])
    context = jnp.einsum("hij,rjhd->rihd", attn_probs, v).reshape(num_rows, num_cols, embed_dim)
    return context @ params["out"]


def _batched_forward(params, x, head_num=2, max_tokens_per_msa=16):
    num_rows, num_cols, embed_dim = x.shape
    max_rows = max(1, max_tokens_per_msa // num_cols)
    attns = 0
    scaling = (embed_dim // head_num) ** -0.5 / math.sqrt(num_rows)
    for start in range(0, num_rows, max_rows):  # expect: JAX407
        attn_weights = compute_attention_weights(params, x[start: start + max_rows], scaling, head_num)
        attns += attn_weights
    attn_probs = jax.nn.softmax(attns, -1)

    outputs = []
    for start in range(0, num_rows, max_rows):  # expect: JAX407
        output = compute_attention_update(params, x[start: start + max_rows], attn_probs, head_num)
        outputs.append(output)

    output = jnp.concatenate(outputs, 0)
    return output, attn_probs


row_attention = jax.jit(_batched_forward)


def run():
    keys = jax.random.split(jax.random.PRNGKey(0), 5)
    params = {n: 0.1 * jax.random.normal(k, (8, 8)) for n, k in zip(["q", "k", "v", "out"], keys[:4])}
    msa = jax.random.normal(keys[4], (64, 8, 8))
    out, _ = row_attention(params, msa)
    out.block_until_ready()
