"""`bool(mask.any())` to decide early exit inside a jitted function.

Source: https://github.com/jax-ml/jax/pull/16430
The boolean conversion may be explicit, `bool(x)`, as the TracerBoolConversionError docs say,
as well as implicit through control flow.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def has_nan(grads):
    flat = jnp.concatenate([g.ravel() for g in jax.tree_util.tree_leaves(grads)])
    return bool(jnp.isnan(flat).any())  # expect: JAX201


def run():
    return has_nan({"w": jnp.ones(3), "b": jnp.zeros(1)})
