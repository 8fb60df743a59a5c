"""The builtin `min([...])` over a list of traced losses inside `jit`.

Source: https://github.com/jax-ml/jax/pull/16430
`min` and `max` compare their operands with Python comparisons, which convert traced booleans;
the TracerBoolConversionError docs name `z = min(x, y)`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def best_of_heads(preds, target):
    losses = [jnp.mean((p - target) ** 2) for p in preds]
    return min(losses)  # expect: JAX206


def run():
    return best_of_heads([jnp.ones(3), jnp.zeros(3)], jnp.ones(3))
