"""`jax.jit(jax.value_and_grad(loss))` created inside the training loop.

Source: https://github.com/jax-ml/jax/issues/19654
The report's optimisation loop takes gradients every step; building and jitting a fresh
`value_and_grad` function inside such a loop compiles per step.

Observed on jax 0.10.x: loss compiled 3 times
"""

import jax
import jax.numpy as jnp


def loss(x_):
    return jnp.sum(x_ ** 2)


def minimise(x, iterations=3):
    for i in range(iterations):
        value, grads = jax.jit(jax.value_and_grad(loss))(x)  # expect: JAX401
        x = x - 0.1 * grads
    return x


def run():
    minimise(jnp.ones(3))
