"""Rebuilt from https://github.com/jax-ml/jax/pull/20236: a typed key drawn by `uniform`, then
by `normal` (the example JAX's key-reuse checker reports)."""
import jax


def f(seed):
    key = jax.random.key(seed)
    x = jax.random.uniform(key)
    y = 2 * x
    y += jax.random.normal(key)  # expect: JAX501
    return 2 * y
