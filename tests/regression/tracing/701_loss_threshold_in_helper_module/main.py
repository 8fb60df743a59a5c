"""A gradient-clipping helper of another module branches on the loss under jit.

Source: https://github.com/jax-ml/jax/pull/16430
`loss, grads = jax.value_and_grad(f)(p)` then `if loss > 1.0:` inside a jitted step raises:
the loss is a tracer. Training scripts keep such helpers in a module of their own.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp

from schedule import clipped


def loss_fn(params):
    return jnp.sum(params ** 2)


@jax.jit
def step(params):
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return params - 0.1 * clipped(loss, grads)


def run():
    step(jnp.ones(3))
