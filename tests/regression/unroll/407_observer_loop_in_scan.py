"""A Python loop over hundreds of observers inside a scanned RNN cell.

Source: https://github.com/jax-ml/jax/issues/3596
`get_cell(OP_NUM)` builds a cell that adds `observers[i]` for i in
range(OP_NUM) with a Python loop, then runs it under lax.scan; the jit
initialisation time grew super-linearly with OP_NUM (75 -> 1200), since the
scan body itself is unrolled OP_NUM times.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

TIME_STEPS = 20
OP_NUM = 300


def get_cell(op_num):
    def cell(carry, inputs):
        x, observers = carry
        acc = x
        for i in range(op_num):  # expect: JAX407
            acc = acc + observers[i] * inputs
        return (acc, observers), acc.sum()

    return cell


@jax.jit
def rnn(x, observers, xs):
    cell = get_cell(observers.shape[0])
    _, ys = jax.lax.scan(cell, (x, observers), xs)
    return ys


def run():
    x = jnp.zeros((8,))
    observers = jnp.ones((OP_NUM, 8)) * 1e-3
    xs = jnp.linspace(0.0, 1.0, TIME_STEPS)
    return rnn(x, observers, xs)
