"""A static `mode` string alternating between "train" and "eval" in the epoch loop.

Source: https://github.com/jax-ml/jax/issues/4274
Two distinct static values give two compilations, each reused: a bounded variation, not a
recompile per iteration.

Observed on jax 0.10.x: forward compiled 2 times
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("mode",))
def forward(w, x, mode):
    y = x @ w
    return y * 0.9 if mode == "train" else y


def fit(w, x, epochs=3):
    for _ in range(epochs):
        forward(w, x, mode="train")
        forward(w, x, mode="eval")
    return w


def run():
    fit(jnp.ones(2), jnp.ones((3, 2)))
