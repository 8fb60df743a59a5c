"""Splitting the same parent key twice yields the same subkeys again.

Source: https://theneuralbase.com/jax/learn/intermediate/jax-random-split-generating-subkeys/
What happened: the tutorial stresses that split is deterministic (same input key
always gives the same children) and that each split child should be used once;
re-splitting a parent that was already split hands out the same children again.
run() returns how many of the 2 draws made after re-splitting repeat earlier draws.
Observed on jax 0.10.2: 2 of 2 calls
"""
import jax
import jax.numpy as jnp


def sample_trajectories(key):
    key1, key2 = jax.random.split(key)
    traj_a = jax.random.normal(key1, (5,))
    noise = jax.random.normal(key2, (5,))
    key3, key4 = jax.random.split(key)  # expect: JAX504
    traj_b = jax.random.normal(key3, (5,))
    noise_b = jax.random.normal(key4, (5,))
    return traj_a, traj_b, noise, noise_b


def run():
    a, b, noise, noise_b = sample_trajectories(jax.random.PRNGKey(42))
    return int(bool(jnp.all(a == b))) + int(bool(jnp.all(noise == noise_b)))
