"""Batches come from a Python iterator in the host loop, outside the jitted step (clean look-alike).

Source: https://github.com/google/tunix/issues/965
Explaining the trainer's input pipeline, the reporter lays out the usual
JAX training structure: a jitted `train_step(model, batch)` and a plain
`for batch in data_loader:` loop on the host that feeds it, so the
iterator/generator is never advanced inside a trace.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np


def data_loader(X, Y, batch_size):
    for i in range(0, len(X), batch_size):
        yield X[i:i + batch_size], Y[i:i + batch_size]


@jax.jit
def train_step(w, batch):
    x, y = batch

    def loss_fn(w):
        return jnp.mean((x @ w - y) ** 2)

    grad = jax.grad(loss_fn)(w)
    return w - 0.01 * grad


def run():
    X = np.arange(24, dtype=np.float32).reshape(12, 2)
    Y = np.arange(12, dtype=np.float32)
    w = jnp.zeros(2)
    for batch in data_loader(X, Y, 4):
        w = train_step(w, batch)
    return w
