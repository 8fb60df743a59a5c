"""An activation-extraction pipeline for a Qwen2 port in JAX generated tokens with a Python loop
that feeds the whole sequence so far back into the jitted model: no KV cache, and the input grows
by one token per step. Their performance write-up found ~0.64 tokens/s, and listed as secondary
cause "JIT recompilation per sequence length: each new sequence length (453, 454, ..., 953)
triggers a new JIT compilation". Suggested quick fix: pad to the maximum length and mask.

Source: https://github.com/kathir-ks/activation-extract/blob/aa88f6711b00994f53c4cd62ecd52d2a5e1c98b1/PERFORMANCE_ISSUE.md
Observed on jax 0.10.x: model_apply compiled 4 times
"""
import jax
import jax.numpy as jnp

from qwen2_jax import init_params, model_apply


def generate(params, input_ids, max_output_tokens):
    generated_ids = input_ids
    for _ in range(max_output_tokens):
        logits = model_apply(params, generated_ids)  # expect: JAX404
        next_token = jnp.argmax(logits[:, -1, :], axis=-1)
        generated_ids = jnp.concatenate([generated_ids, next_token[:, None]], axis=1)
    return generated_ids


def run():
    params = init_params(jax.random.PRNGKey(0))
    prompt = jnp.arange(12, dtype=jnp.int32)[None, :] % 64
    generate(params, prompt, max_output_tokens=4)
    return None
