"""Low-level operators of a small evolutionary-computation workflow."""
import jax.numpy as jnp


def bar(x):
    # keep only the individuals with a positive fitness
    return x[x > 0]  # expect: JAX205


def select_positive_mean(fitness):
    survivors = bar(fitness)
    return jnp.mean(survivors)
