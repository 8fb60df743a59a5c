from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("domain_size",))
def generate_column(logits, parents, key, domain_size):
    """Sample one synthetic column conditioned on its parent column."""
    cond = logits[parents % logits.shape[0]]
    return jax.random.categorical(key, cond[:, :domain_size])
