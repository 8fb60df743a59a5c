"""`if margin is not None and margin > 0:` on a traced optional argument.

Source: https://github.com/jax-ml/jax/pull/16430
The `is None` test is fine, but the second operand of `and` compares the traced value and `if`
converts it: the nullable-argument idiom from the TracerBoolConversionError docs.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def contrastive_loss(d, label, margin=None):
    if margin is not None and margin > 0:  # expect: JAX201
        return jnp.mean(label * d ** 2 + (1 - label) * jnp.maximum(margin - d, 0) ** 2)
    return jnp.mean(label * d ** 2)


contrastive_loss_jit = jax.jit(contrastive_loss)


def run():
    return contrastive_loss_jit(jnp.ones(3), jnp.ones(3), 1.0)
