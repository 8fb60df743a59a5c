"""Hoping to jit the whole training loop, the user pulls the next batch from a host DataLoader
iterator *inside* the jitted train step (`next(train_iter)` on an iterator created outside). The
iterator is advanced once, during tracing; the first batch is baked in as a constant and every
compiled step trains on that same batch.

Source: https://github.com/cgarciae/treex/issues/49
Observed on jax 0.10.x: train_step compiled 1 times; 3 of 4 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from data import DataLoader

X = np.arange(32, dtype=np.float32).reshape(16, 2)
Y = X.sum(axis=1)
train_loader = DataLoader(X, Y, batch_size=4)
train_iter = iter(train_loader)


@jax.jit
def train_step(w):
    xb, yb = next(train_iter)  # expect: JAX107
    loss_fn = lambda w: jnp.mean((xb @ w - yb) ** 2)
    loss, g = jax.value_and_grad(loss_fn)(w)
    return w - 1e-3 * g, xb[0, 0]


def run():
    w = jnp.zeros(2)
    firsts = []
    for _ in range(4):
        w, first = train_step(w)
        firsts.append(float(first))
    return sum(1 for f in firsts[1:] if f == firsts[0])
