"""The step number from `enumerate` passed to a parameter listed in `static_argnames`.

Source: https://github.com/jax-ml/jax/issues/4274
Marking the step static (to use it in Python `if`s) makes every step a new cache key.

Observed on jax 0.10.x: train_step compiled 3 times
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("step",))
def train_step(w, batch, step):
    lr = 0.1 if step < 100 else 0.01
    return w - lr * batch.mean()


def fit(w, batches):
    for i, batch in enumerate(batches):
        w = train_step(w, batch, step=i)  # expect: JAX403
    return w


def run():
    fit(jnp.ones(2), [jnp.ones(2)] * 3)
