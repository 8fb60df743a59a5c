"""Per-shard data mapped over the device axis instead of indexed by a
static shard number.

Source: https://github.com/pyro-ppl/numpyro/issues/494
The maintainer's answer in the thread is that pmap cannot map "through a
list" and points to the pmap+MCMC recipe that stacks the per-shard inputs on
a leading axis and lets pmap split them; keys are split up front.  The
look-alike keeps ``get_samples`` but its inputs are now mapped arrays.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import random

N_DEV = len(jax.devices())
shards_x = jnp.stack([jnp.ones((4, 2)) * (k + 1) for k in range(N_DEV)])
shards_y = jnp.stack([jnp.arange(4.0) + k for k in range(N_DEV)])


def get_samples(X, y, key):
    return X, y, key


def prepare_shards():
    keys = random.split(random.PRNGKey(0), N_DEV)
    load = jax.pmap(get_samples)
    return load(shards_x, shards_y, keys)


def run():
    X, y, keys = prepare_shards()
    return X
