"""Serving prompts of different lengths through one jitted forward pass, unpadded.

Source: https://github.com/sgl-project/sglang-jax/issues/609
The serving engine pads requests into a few token buckets and pre-compiles them: without
padding, each new prompt length is a new input shape and a new compilation mid-serving.

Observed on jax 0.10.x: forward compiled 3 times
"""

import jax
import jax.numpy as jnp

VOCAB = {"<bos>": 0, "hello": 1, "there": 2, "general": 3, "kenobi": 4}


@jax.jit
def forward(embeddings, token_ids):
    return embeddings[token_ids].mean(axis=0)


def serve(embeddings, prompts):
    outputs = []
    for prompt in prompts:
        token_ids = jnp.array([VOCAB[w] for w in ["<bos>", *prompt.split()]])
        outputs.append(forward(embeddings, token_ids))  # expect: JAX404
    return outputs


def run():
    serve(jnp.ones((5, 4)), ["hello", "hello there", "general kenobi hello"])
