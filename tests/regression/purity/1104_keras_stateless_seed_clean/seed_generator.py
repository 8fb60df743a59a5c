"""Seed handling where the seed state travels through the step as data."""
import jax.numpy as jnp


def make_seed_state(seed):
    return jnp.asarray([seed, 0], dtype=jnp.uint32)


def next_seed_state(state):
    return state + jnp.asarray([0, 1], dtype=jnp.uint32)


def draw_seed(seed):
    if isinstance(seed, int):
        return jnp.asarray([seed, 0], dtype=jnp.uint32)
    return jnp.asarray(seed, dtype=jnp.uint32)  # a seed state passed in explicitly
