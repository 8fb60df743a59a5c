"""`if loss > 1.0:` on the loss returned by `jax.value_and_grad` inside a jitted step.

Source: https://github.com/jax-ml/jax/pull/16430
The TracerBoolConversionError docs list implicit conversions through control flow such as
`if x > 0:`; the loss that `value_and_grad` returns inside `jit` is traced.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    if loss > 1.0:  # expect: JAX201
        grads = grads / loss
    return params - 0.1 * grads, loss


def run():
    return train_step(jnp.zeros(3), jnp.ones((4, 3)), 5 * jnp.ones(4))
