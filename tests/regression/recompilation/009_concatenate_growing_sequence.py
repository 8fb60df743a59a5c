"""A sequence grown with `jnp.concatenate` and fed back to a jitted step.

Source: https://github.com/jax-ml/jax/issues/837
The feature request for compile logging came from passing inputs of growing size to a jitted
sampler; every concatenation changes the shape and triggers another compilation.

Observed on jax 0.10.x: decode_step compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def decode_step(sequence):
    return jnp.tanh(sequence[-1:] + sequence.mean())


def generate(start, steps=3):
    sequence = start
    for _ in range(steps):
        next_item = decode_step(sequence)  # expect: JAX404
        sequence = jnp.concatenate([sequence, next_item])
    return sequence


def run():
    generate(jnp.ones(1))
