"""A decayed learning rate (a Python float) passed to an `eqx.filter_jit` step on every step.

Source: https://github.com/patrick-kidger/equinox/issues/686
`filter_jit` traces only arrays: every other argument, a Python float included, is static and
part of the cache key, so a learning rate that changes each step compiles the step each time
(wrap it in `jnp.asarray` to trace it).

Observed on jax 0.10.x: make_step compiled 3 times
"""

import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def make_step(params, grads, lr):
    return params - lr * grads


def train(params, grads, steps=3):
    for i in range(steps):
        lr = 0.1 * 0.9**i
        params = make_step(params, grads, lr)  # expect: JAX403
    return params


def run():
    train(jnp.ones(2), jnp.ones(2))
