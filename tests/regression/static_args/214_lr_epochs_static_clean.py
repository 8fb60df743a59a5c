"""Epoch count declared static for the unrolled training loop (the fix).

Source: https://github.com/secretflow/secretflow/issues/29
The configuration the maintainer describes: `epochs` drives the for-loop, so it
goes into static_argnames; `learning_rate` stays traced. The config is a frozen
dataclass so its fields are plain Python values.

Observed on jax 0.10.2: fit compiled 1 time
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class TrainConfig:
    epochs: int = 3
    learning_rate: float = 0.1
    batch_size: int = 8


def sigmoid(z):
    return 1 / (1 + jnp.exp(-z))


def fit(x, y, epochs, learning_rate, batch_size):
    w = jnp.zeros(x.shape[1])
    n_batches = x.shape[0] // batch_size
    for _ in range(epochs):
        for b in range(n_batches):
            xb = x[b * batch_size:(b + 1) * batch_size]
            yb = y[b * batch_size:(b + 1) * batch_size]
            grad = xb.T @ (sigmoid(xb @ w) - yb) / batch_size
            w = w - learning_rate * grad
    return w


fit_jit = jax.jit(fit, static_argnames=("epochs", "batch_size"))


def train(x, y, cfg):
    return fit_jit(x, y, epochs=cfg.epochs, learning_rate=cfg.learning_rate,
                   batch_size=cfg.batch_size)


def run():
    x = jnp.ones((16, 4))
    y = jnp.ones(16)
    return train(x, y, TrainConfig())
