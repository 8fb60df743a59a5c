"""Boolean-mask indexing `logits[mask]` inside a jitted loss.

Source: https://github.com/jax-ml/jax/pull/38612
Selecting the entries of a mask gives an array whose length depends on the data, which jit
cannot stage; `jnp.where(mask, x, 0)` keeps the shape.

Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""

import jax
import jax.numpy as jnp


@jax.jit
def masked_loss(logits, labels):
    valid = labels >= 0
    picked = logits[valid]  # expect: JAX204,JAX205
    return -jnp.mean(picked)


def run():
    masked_loss(jnp.ones(4), jnp.array([0, -1, 1, 1]))
