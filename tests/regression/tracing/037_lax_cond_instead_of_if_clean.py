"""`lax.cond` on a traced loss instead of a Python `if`.

Source: https://github.com/jax-ml/jax/pull/16430
The TracerBoolConversionError docs point to structured control flow: `lax.cond` takes a traced
predicate and both branches are traced.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def clipped_update(params, grads, loss):
    scale = lax.cond(loss > 1.0, lambda: 1.0 / loss, lambda: jnp.float32(1.0))
    return params - 0.1 * scale * grads


def run():
    clipped_update(jnp.ones(3), jnp.ones(3), jnp.float32(2.0))
