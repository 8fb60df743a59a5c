"""A `jax.checkpoint`-ed block with a Python `if`, differentiated with `jax.grad` (no jit).

Source: https://docs.jax.dev/en/latest/gradient-checkpointing.html
`grad` alone keeps values concrete, so Python control flow works under it; `jax.checkpoint`
does not: it traces the block to a jaxpr with abstract values, so the `if` raises even eagerly.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.checkpoint
def block(x):
    h = jnp.sin(x) * 2.0
    if h.sum() > 0:  # expect: JAX201
        h = h * 0.5
    return h


def loss(x):
    return jnp.sum(block(x) ** 2)


def run():
    jax.grad(loss)(jnp.ones(3))
