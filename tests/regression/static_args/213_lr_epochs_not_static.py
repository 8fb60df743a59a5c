"""Epoch count used as a Python loop bound but not declared static.

Source: https://github.com/secretflow/secretflow/issues/29
In the SecretFlow logistic-regression tutorial the training function is compiled
with `static_argnames=["epochs", "learning_rate"]`; the user found that without
static_argnames (or with an empty list) it fails. The maintainer explains that the
for-loop depends on `epochs`, so `epochs` must be static (learning_rate need not).
Here the wrapper is jitted without static_argnames and `epochs` comes from a
training config.

Observed on jax 0.10.2: raises TracerIntegerConversionError
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
    for _ in range(epochs):  # expect: JAX202,JAX204
        for b in range(n_batches):
            xb = x[b * batch_size:(b + 1) * batch_size]
            yb = y[b * batch_size:(b + 1) * batch_size]
            grad = xb.T @ (sigmoid(xb @ w) - yb) / batch_size
            w = w - learning_rate * grad
    return w


fit_jit = jax.jit(fit, static_argnames=("batch_size",))


def train(x, y, cfg):
    return fit_jit(x, y, cfg.epochs, cfg.learning_rate, batch_size=cfg.batch_size)


def run():
    x = jnp.ones((16, 4))
    y = jnp.ones(16)
    return train(x, y, TrainConfig())
