"""Scan cell that accumulates every observer term with a Python loop inside the scanned body.

Source: https://github.com/jax-ml/jax/issues/3596
"jit code init takes 1000 to 100.000 times longer than running one iteration even on small
models": the reporter's scan cell did `for i in range(OP_NUM): acc = acc + observers[i]`, so the
traced cell grows linearly with OP_NUM and initialisation time grows super-linearly. The
commented-out alternative in the report was `jnp.sum(observers, axis=0)`.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

TIME_STEPS = 30
N_OBSERVERS = 300


def make_cell(n_ops):
    def cell(carry, inputs):
        x, observers = inputs
        acc = x
        for i in range(n_ops):  # expect: JAX407
            acc = acc + observers[i]
        return carry + acc.mean(), acc
    return cell


@jax.jit
def rnn(X, observers, state):
    cell = make_cell(observers.shape[0])
    obs_t = jnp.moveaxis(observers, 1, 0)  # (T, n_ops, batch)
    _, ys = jax.lax.scan(cell, state, (X, obs_t))
    return ys


def run():
    X = jax.random.normal(jax.random.PRNGKey(0), (TIME_STEPS, 16))
    observers = jnp.zeros((N_OBSERVERS, TIME_STEPS, 16))
    return rnn(X, observers, jnp.zeros(()))
