"""Sampling from a sequence model on a growing prefix `tokens[:t]`.

Source: https://github.com/jax-ml/jax/issues/837
"When sampling from a transformer sequence model, the context size initially grows": each new
prefix length is a new input shape, and the jitted model compiles again.

Observed on jax 0.10.x: next_token_logits compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def next_token_logits(context):
    return jnp.tanh(context.sum()) * jnp.ones(5)


def sample(prompt, steps=3):
    tokens = jnp.concatenate([prompt, jnp.zeros(steps)])
    for t in range(1, steps + 1):
        logits = next_token_logits(tokens[:t])  # expect: JAX404
        tokens = tokens.at[t].set(jnp.argmax(logits))
    return tokens


def run():
    sample(jnp.ones(1))
