"""A bool static argument alternating between train and eval in the epoch loop.

Source: https://github.com/sgl-project/sglang-jax/issues/609
Each distinct static value compiles once and is then cached; a flag with two values compiles
twice in all, however many epochs run.

Observed on jax 0.10.x: forward compiled 2 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("training",))
def forward(params, x, training):
    y = x @ params
    return y * 0.9 if training else y


def fit(params, x, epochs=4):
    for epoch in range(epochs):
        forward(params, x, training=True)
        forward(params, x, training=epoch % 2 == 0)
    return params


def run():
    fit(jnp.ones(3), jnp.ones((2, 3)))
