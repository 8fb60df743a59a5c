"""`.tolist()` on a traced array inside a jitted decoding function.

Source: https://github.com/ayaka14732/llama-2-jax/issues/14
Generation code that converts traced token arrays to Python values inside traced code raises a
Tracer conversion error.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def decode(logits):
    token_ids = jnp.argmax(logits, axis=-1)
    return token_ids.tolist()  # expect: JAX202


def run():
    return decode(jnp.ones((3, 5)))
