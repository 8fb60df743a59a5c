"""Batches built with the ragged last batch dropped, so every step sees one shape (clean).

Source: https://github.com/tensorflow/swift-models/pull/399
On accelerators a changing batch size recompiles the step, so the CoLA-BERT
input pipeline was changed to pad sequences to a fixed length and drop the last
incomplete batch. The same loader in a JAX training loop: every call of the
jitted step has the same shapes.

Observed on jax 0.10.2: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def train_step(w, xb, yb):
    g = jax.grad(lambda w: jnp.mean((xb @ w - yb) ** 2))(w)
    return w - 0.1 * g


def pad_to(seq, length):
    return np.pad(seq, (0, length - len(seq)))


def batches(x, y, batch_size, drop_remainder=True):
    n = len(x) - (len(x) % batch_size if drop_remainder else 0)
    for start in range(0, n, batch_size):
        yield x[start:start + batch_size], y[start:start + batch_size]


def run():
    rng = np.random.RandomState(0)
    raw = [rng.randn(rng.randint(2, 6)).astype(np.float32) for _ in range(35)]
    x = np.stack([pad_to(s, 6) for s in raw])
    y = x.sum(1)
    w = jnp.zeros(6)
    for xb, yb in batches(x, y, 8):
        w = train_step(w, xb, yb)
    return w
