"""`jnp.full((n,), fill)` for padding, with `n` computed from traced data.

Source: https://github.com/jax-ml/jax/issues/3620
Padding "doesn't work in jitted mode": the pad amount was a traced argument, and a
value-dependent output size is not allowed in a jitted function.

Observed on jax 0.10.x: raises TypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def pad_to(x, length):
    n = length - x.shape[0]
    return jnp.concatenate([x, jnp.full((n,), 0.0)])  # expect: JAX204


def run():
    return pad_to(jnp.ones(3), 5)
