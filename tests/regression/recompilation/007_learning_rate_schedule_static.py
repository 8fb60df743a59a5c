"""A decaying learning rate passed as a static argument.

Source: https://github.com/google-deepmind/optax/issues/577
A learning rate baked into the compiled update recompiles whenever it changes; with a schedule
that changes every step, every step compiles.

Observed on jax 0.10.x: sgd_update compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("lr",))
def sgd_update(params, grads, lr):
    return params - lr * grads


def fit(params, steps=3, base_lr=0.1):
    for step in range(steps):
        lr = base_lr * 0.5 ** step
        params = sgd_update(params, jnp.ones_like(params), lr=lr)  # expect: JAX403
    return params


def run():
    fit(jnp.ones(3))
