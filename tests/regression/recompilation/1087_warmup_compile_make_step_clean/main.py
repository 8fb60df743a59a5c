"""Trainer that compiles make_step once before the loop and reuses it.

Source: https://github.com/Drenderer/klax/pull/85
What happened: klax added a "wasted" step that jit-compiles ``make_step``
outside the training loop so the compile is not charged to the first timed
step; afterwards every loop iteration hits the same compiled executable.
Observed on jax 0.10.2: make_step compiled 1 times
"""
import jax.numpy as jnp

from trainer import fit


def run():
    batches = [(jnp.ones((8, 3)) * i, jnp.zeros(8)) for i in range(3)]
    params, history = fit(jnp.zeros(3), batches, 0.1, steps=6)
    return params.sum()
