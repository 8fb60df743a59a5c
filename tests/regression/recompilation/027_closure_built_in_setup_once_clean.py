"""A jitted closure over per-run configuration, built once in a setup function.

Source: https://github.com/google-deepmind/tapnet/issues/44
Closures over configuration must differ per configuration; built once by setup code and reused
in the loop, they compile once.

Observed on jax 0.10.x: loss compiled 1 time
"""

import jax
import jax.numpy as jnp


def make_train_step(weight_decay):
    def loss(params, x):
        return jnp.sum((x @ params) ** 2) + weight_decay * jnp.sum(params ** 2)

    grad_fn = jax.jit(jax.grad(loss))

    def train_step(params, x):
        return params - 0.01 * grad_fn(params, x)

    return train_step


def run():
    train_step = make_train_step(1e-4)
    params = jnp.ones(3)
    for _ in range(3):
        params = train_step(params, jnp.ones((2, 3)))
