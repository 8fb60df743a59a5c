"""`jax.jit(lambda ...)` built inside an `evaluate` function that runs every epoch.

Source: https://github.com/jax-ml/jax/issues/9288
A lambda wrapped in `jax.jit` is a new function each time the enclosing code runs, so an
evaluation helper called once per epoch compiles once per epoch.

Observed on jax 0.10.x: <lambda> compiled 3 times
"""

import jax
import jax.numpy as jnp


def evaluate(params, x, y):
    predict = jax.jit(lambda p, v: v @ p)
    return jnp.mean((predict(params, x) - y) ** 2)  # expect: JAX402


def train(params, x, y, epochs=3):
    for _ in range(epochs):
        params = params - 0.1 * jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
        evaluate(params, x, y)
    return params


def run():
    train(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
