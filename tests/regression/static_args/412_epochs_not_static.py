"""Epoch count drives a Python loop in a jitted fit without being static.

Source: https://github.com/secretflow/secretflow/issues/29
The logistic-regression tutorial passes `static_argnames=["epochs",
"learning_rate"]`; the user found that without it (or with an empty list) the
function fails. The maintainer: the for-loop depends on `epochs`, so it must
be static; `learning_rate` need not be.

Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
import jax
import jax.numpy as jnp


def sigmoid(x):
    return 1.0 / (1.0 + jnp.exp(-x))


def fit(x, y, epochs, learning_rate=0.1, batch_size=8):
    w = jnp.zeros((x.shape[1],))
    n_batches = x.shape[0] // batch_size
    for _ in range(epochs):  # expect: JAX306,JAX202,JAX204
        for b in range(n_batches):
            xb = x[b * batch_size:(b + 1) * batch_size]
            yb = y[b * batch_size:(b + 1) * batch_size]
            grad = xb.T @ (sigmoid(xb @ w) - yb) / batch_size
            w = w - learning_rate * grad
    return w


fit_jit = jax.jit(fit)


def run():
    x = jnp.ones((16, 3))
    y = jnp.ones((16,))
    return fit_jit(x, y, 3, 0.1)
