"""A Python list of frames that grows by one each step, passed whole to a jitted function.

Source: https://github.com/jax-ml/jax/issues/4274
A list is a pytree: its length is part of the input structure, so every new length is a new
trace and compile.

Observed on jax 0.10.x: stack_frames compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def stack_frames(frames):
    return jnp.stack(frames).mean(axis=0)


def record(n_steps):
    frames = []
    summary = None
    for t in range(n_steps):
        frames.append(jnp.full(2, float(t)))
        summary = stack_frames(frames)  # expect: JAX404
    return summary


def run():
    record(3)
