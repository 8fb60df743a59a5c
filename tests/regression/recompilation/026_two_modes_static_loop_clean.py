"""Looping over a fixed pair of modes passed as a static argument.

Source: https://github.com/sgl-project/sglang-jax/issues/609
Pre-compiling each variant of a static setting: a small, fixed set of static values compiles
once per value and never again.

Observed on jax 0.10.x: evaluate compiled 2 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("split",))
def evaluate(params, x, split):
    return jnp.mean(x @ params) if split == "val" else jnp.sum(x @ params)


def report(params, x, epochs=3):
    for _ in range(epochs):
        for split in ("val", "test"):
            evaluate(params, x, split=split)


def run():
    report(jnp.ones(3), jnp.ones((2, 3)))
