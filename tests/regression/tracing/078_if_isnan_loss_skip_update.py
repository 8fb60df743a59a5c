"""`if jnp.isnan(loss):` to skip a bad update inside a jitted train step.

Source: https://jax.readthedocs.io/en/latest/errors.html
A common guard written as Python control flow: the NaN check produces a traced boolean, and the
`if` raises; `jnp.where`/`lax.cond` (or optax.apply_if_finite) express it under `jit`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    if jnp.isnan(loss):  # expect: JAX201
        return params, loss
    return params - 0.1 * grads, loss


def run():
    return train_step(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
