"""`jax.jit(partial(loss, model=...))` built in an `evaluate` method called every epoch.

Source: https://github.com/patrick-kidger/equinox/issues/686
A `partial` object is new on every call and jit keys its cache on the callable, so each
evaluation traces and compiles the loss again.

Observed on jax 0.10.x: loss compiled 3 times
"""

import functools

import jax
import jax.numpy as jnp


def loss(params, x, y, scale):
    return scale * jnp.mean((x @ params - y) ** 2)


class Evaluator:
    def __init__(self, scale):
        self.scale = scale

    def evaluate(self, params, x, y):
        eval_loss = jax.jit(functools.partial(loss, scale=self.scale))
        return eval_loss(params, x, y)  # expect: JAX402


def run():
    evaluator = Evaluator(0.5)
    for _ in range(3):
        evaluator.evaluate(jnp.ones(3), jnp.ones((2, 3)), jnp.ones(2))
