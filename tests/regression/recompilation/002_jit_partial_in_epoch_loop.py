"""`jax.jit(functools.partial(loss, cfg))` rebuilt inside the epoch loop.

Source: https://github.com/google-deepmind/tapnet/issues/44
A user asked where recompilation happens in a loop; a partial object created per iteration is
a new callable for jit's cache each time, so each iteration compiles again.

Observed on jax 0.10.x: penalised_loss compiled 3 times
"""

import functools

import jax
import jax.numpy as jnp


def penalised_loss(weight_decay, params, x):
    return jnp.sum((x @ params) ** 2) + weight_decay * jnp.sum(params ** 2)


def train(params, x, epochs=3):
    for _ in range(epochs):
        loss_fn = jax.jit(functools.partial(penalised_loss, 1e-4))
        params = params - 0.01 * loss_fn(params, x)  # expect: JAX401
    return params


def run():
    train(jnp.ones(3), jnp.ones((2, 3)))
