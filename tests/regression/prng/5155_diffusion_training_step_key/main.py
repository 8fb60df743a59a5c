"""Equinox DDPM training step: `batch_loss` splits the step key into one key per example
(`jr.split(key, batch_size)`), and after the update `model_training_step` derives the key for the
next step from the same parent with `key = jr.split(key, 1)[0]`. With JAX's default (partitionable)
threefry, `split(key, 1)[0] == split(key, n)[0]`, so the key handed to the next step is exactly the
key example 0 already consumed in this step: the streams of successive steps overlap instead of
advancing.

Source: https://github.com/AugustoPeres/diffusion/blob/c11757faaecae69a11fb512e07141c6753dceef8/diffusion/training.py#L47-L55
Observed on jax 0.10.x: 3 of 3 calls
"""
import equinox as eqx
import jax.numpy as jnp
import jax.random as jr
import optax

from .training import model_training_step


class TinyDenoiser(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, dim, key):
        self.linear = eqx.nn.Linear(dim + 1, dim, key=key)

    def __call__(self, t, y, *, key=None):
        return self.linear(jnp.concatenate([y, jnp.atleast_1d(t).astype(y.dtype)]))


def run():
    model = TinyDenoiser(4, jr.PRNGKey(0))
    alphas = [0.9, 0.8, 0.7, 0.6]
    optimizer = optax.adam(1e-3)
    optimizer_state = optimizer.init(eqx.filter(model, eqx.is_inexact_array))
    key = jr.PRNGKey(1)
    batch = jnp.ones((3, 4))
    overlapping = 0
    for i in range(3):
        per_example_keys = jr.split(key, batch.shape[0])
        loss, model, key, optimizer_state = model_training_step(
            model, 0, 4, alphas, batch, key, optimizer_state, optimizer)
        overlapping += int(bool(jnp.array_equal(key, per_example_keys[0])))
    return overlapping
