"""`if loss > 1.0:` on the output of a jitted step, in the eager training loop.

Source: https://jax.readthedocs.io/en/latest/errors.html
Outside the jitted function the returned loss is a concrete array; Python control flow on it is
ordinary host code (it synchronises, but it is correct).

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    return params - 0.1 * grads, loss


def fit(params, x, y, steps=3):
    lr_drops = 0
    for _ in range(steps):
        params, loss = train_step(params, x, y)
        if loss > 1.0:
            lr_drops += 1
        print(f"loss {float(loss):.3f}")
    return params, lr_drops


def run():
    fit(jnp.zeros(3), jnp.ones((4, 3)), 2 * jnp.ones(4))
