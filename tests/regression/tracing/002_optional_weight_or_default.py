"""`weight = weight or 0.5`: the nullable-default idiom applied to a traced argument.

Source: https://github.com/jax-ml/jax/pull/16430
A reviewer of the TracerBoolConversionError docs asked to mention `z = nullable_value or
default_value`, the way they hit the error: `or` takes the truth value of the traced operand.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def weighted_loss(pred, target, weight=None):
    weight = weight or 0.5  # expect: JAX201
    return weight * jnp.mean((pred - target) ** 2)


loss_fn = jax.jit(weighted_loss)


def run():
    return loss_fn(jnp.ones(3), jnp.zeros(3), jnp.float32(2.0))
