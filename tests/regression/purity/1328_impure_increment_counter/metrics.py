"""Helpers from the apxml "functional purity" lesson, used by the step below."""
import jax.numpy as jnp

call_count = 0


def impure_increment_counter(x):
    global call_count
    call_count += 1  # expect: JAX103
    return x + 1


def pure_add(a, b):
    return a + b
