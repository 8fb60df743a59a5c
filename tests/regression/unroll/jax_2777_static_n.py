"""Rebuilt from https://github.com/jax-ml/jax/issues/2777: `for _ in range(n)` with a static
`n` inside jit; compile time grows exponentially with `n`."""
import functools

import jax
import jax.numpy as jnp


@jax.jit
def inner_loop(key, ra, rb):
    key, shard = jax.random.split(key)
    gate = jax.random.uniform(shard, (8, 1))
    return key, 0.5 * (ra + gate * ra), 0.5 * (rb + (1 - gate) * rb)


@functools.partial(jax.jit, static_argnums=[1])
def sample(key, n):
    ra = jnp.ones((8, 2))
    rb = jnp.zeros((8, 2))
    for _ in range(n):  # expect: JAX407
        key, ra, rb = inner_loop(key, ra, rb)
    return ra
