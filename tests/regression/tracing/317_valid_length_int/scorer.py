import jax
import jax.numpy as jnp

from .masking import trim_padding

PAD = 0


def sequence_score(emb, tokens):
    valid = trim_padding(tokens, PAD)
    return emb[valid].sum()


batch_score = jax.jit(jax.vmap(sequence_score, in_axes=(None, 0)))
