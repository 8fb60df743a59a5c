import jax
import jax.numpy as jnp

from .data import batch_and_key_generator


def stochastic_loss(w, batch, key):
    x, y = batch
    noise = jax.random.normal(key, w.shape) * 0.1
    return jnp.mean((x @ (w + noise) - y) ** 2), noise


@jax.jit
def step(w, batch, key):
    (loss, noise), g = jax.value_and_grad(stochastic_loss, has_aux=True)(w, batch, key)
    return w - 0.05 * g, noise


def fit(w, x, y, key, batch_size=8):
    noises = []
    for batch, k in batch_and_key_generator(x, y, batch_size, key):
        w, noise = step(w, batch, k)
        noises.append(noise)
    return w, noises
