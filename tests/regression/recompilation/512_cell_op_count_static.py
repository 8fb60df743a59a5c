"""Recurrent cell whose number of observer terms is a static argument swept by the benchmark.

Source: https://github.com/jax-ml/jax/issues/3596
The reporter jitted `rnn_test(X, state, OP_NUM)` with `static_argnums=(2,)` and called it for
OP_NUM = 75, 150, 300, 600, 1200, measuring "Init time" for each: every distinct OP_NUM is a
new compilation (whose cost also grows with the unrolled cell). Reproduced with smaller counts.

Observed on jax 0.10.2: rnn_forward compiled 4 times
"""
import functools

import jax
import jax.numpy as jnp

TIME_STEPS = 20


@functools.partial(jax.jit, static_argnums=(2,))
def rnn_forward(X, state, n_ops):
    observers = jnp.zeros((n_ops, TIME_STEPS))

    def cell(carry, inputs):
        x = inputs
        acc = x + observers.sum(0)[0]
        return carry + acc.mean(), acc

    _, ys = jax.lax.scan(cell, state, X)
    return ys


def benchmark(X, state):
    outs = []
    for n_ops in (5, 10, 20, 40):
        outs.append(rnn_forward(X, state, n_ops))  # expect: JAX403
    return outs


def run():
    X = jax.random.normal(jax.random.PRNGKey(0), (TIME_STEPS, 8))
    return benchmark(X, jnp.zeros(()))[-1]
