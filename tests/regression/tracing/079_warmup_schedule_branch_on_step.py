"""A learning-rate schedule helper that branches on `step`, called inside the jitted update.

Source: https://jax.readthedocs.io/en/latest/errors.html
Traced values used in Python control flow raise. A step counter passed to a jitted update is
traced, and a hand-written schedule helper that branches on it (`if step < warmup:`) fails.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def learning_rate(step, base_lr=1e-3, warmup=100):
    if step < warmup:  # expect: JAX201
        return base_lr * step / warmup
    return base_lr


@jax.jit
def update(params, grads, step):
    return params - learning_rate(step) * grads


def run():
    return update(jnp.ones(3), jnp.ones(3), 10)
