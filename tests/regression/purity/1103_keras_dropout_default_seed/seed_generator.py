"""Seed handling modelled on keras_core/random/seed_generator.py (jax backend)."""
import random as python_random

import jax.numpy as jnp


class SeedGenerator:
    """Stateful seed: each draw returns the current state and advances it."""

    def __init__(self, seed):
        self.state = jnp.asarray([seed, 0], dtype=jnp.uint32)


def make_default_seed():
    return python_random.randint(1, int(1e9))  # expect: JAX106


def draw_seed(seed):
    if isinstance(seed, SeedGenerator):
        new_seed_value = seed.state * 1
        seed.state = seed.state + jnp.asarray([0, 1], dtype=jnp.uint32)
        return new_seed_value
    elif isinstance(seed, int):
        return jnp.asarray([seed, 0], dtype=jnp.uint32)
    elif seed is None:
        return jnp.asarray([make_default_seed(), 0], dtype=jnp.uint32)
    raise ValueError(f"Argument `seed` must be an int or a SeedGenerator, got {seed!r}")
