"""Cookbook cell: simulate with ``key``, split, then call the jitted version
on ``key`` again instead of the fresh subkey.

Source: https://github.com/genjax-community/genjax/pull/1253
Review of "Fixing the usage of random keys" in the cookbook notebooks:
"I'd expect you to call ``jitted`` on ``subkey`` (which is never reused),
rather than ``key``, which is used again later".

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import random


def beta_bernoulli_process(key, alpha):
    k1, k2 = random.split(key)
    p = random.beta(k1, alpha, 1.0)
    return random.bernoulli(k2, p, (10,))


jitted = jax.jit(beta_bernoulli_process)


def cookbook_cell():
    key = random.key(0)
    key, subkey = random.split(key)
    tr = beta_bernoulli_process(key, 1.0)
    tr_jit = jitted(key, 1.0)  # expect: JAX501
    # the "new" trace is the same trace
    return int(bool(jnp.all(tr == tr_jit)))


def run():
    return cookbook_cell()
