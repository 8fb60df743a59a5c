import jax.numpy as jnp

from model import prefill


def tokenize(text):
    return jnp.array([[ord(c) % 32 for c in text]])


def next_token(params, prompt):
    input_ids = tokenize(prompt)
    logits = prefill(params, input_ids)  # expect: JAX404
    return int(jnp.argmax(logits[0]))
