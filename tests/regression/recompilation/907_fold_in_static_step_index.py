"""Per-step keys derived with a ``fold_in`` whose ``data`` argument is static,
inside a Python training loop.

Source: https://github.com/jax-ml/jax/issues/1033
"jax.random.fold_in function is using static_argnum=(1,)": "innocent-looking
loops ``for i in range(N): do_something_random(jax.random.fold_in(base_key,
i))`` cause fold_in to recompile at every iteration".

Observed on jax 0.10.2: fold_in compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import random


@partial(jax.jit, static_argnums=(1,))
def fold_in(key, data):
    return random.fold_in(key, data)


@jax.jit
def do_something_random(key, x):
    return x + 0.01 * random.normal(key, x.shape)


def train():
    base_key = random.key(0)
    x = jnp.zeros(3)
    for i in range(3):
        x = do_something_random(fold_in(base_key, i), x)  # expect: JAX403
    return x


def run():
    return train()
