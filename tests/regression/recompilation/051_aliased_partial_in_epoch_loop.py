"""`jax.jit(bind(loss, **hparams))` in the epoch loop, with `functools.partial` imported as `bind`.

Source: https://github.com/jax-ml/jax/issues/9288
A partial object made per iteration is a new function for jit's cache, whatever it is called:
each epoch compiles again.

Observed on jax 0.10.x: regularised_loss compiled 3 times
"""

from functools import partial as bind

import jax
import jax.numpy as jnp


def regularised_loss(params, x, l2=0.0):
    return jnp.sum((x @ params) ** 2) + l2 * jnp.sum(params ** 2)


def fit(params, x, hparams, epochs=3):
    for _ in range(epochs):
        loss_fn = jax.jit(bind(regularised_loss, **hparams))
        params = params - 0.01 * loss_fn(params, x)  # expect: JAX401
    return params


def run():
    fit(jnp.ones(3), jnp.ones((2, 3)), {"l2": 1e-3})
