"""Shard indices passed as a device array at a static_broadcasted_argnums
position of pmap.

Source: https://github.com/pyro-ppl/numpyro/issues/494
In the thread (embarrassingly parallel inference over data shards) the user
wrote ``get_samples(i)`` returning ``shards_x[i], shards_y[i],
random.PRNGKey(i)`` and called
``jax.pmap(get_samples, static_broadcasted_argnums=0)(jnp.arange(len(jax.devices())))``,
which fails with "Non-hashable static arguments are not supported ... object
of type DeviceArray".  The same per-shard setup is reproduced below: a shard
index that must be a Python int (it indexes a Python list of shards) is
marked static, but the caller hands pmap an array of indices.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp
from jax import random

N_DEV = len(jax.devices())
shards_x = [jnp.ones((4, 2)) * (k + 1) for k in range(N_DEV)]
shards_y = [jnp.arange(4.0) + k for k in range(N_DEV)]


def get_samples(i):
    X = shards_x[i]
    y = shards_y[i]
    return X, y, random.PRNGKey(i)


def prepare_shards():
    load = jax.pmap(get_samples, static_broadcasted_argnums=0)
    return load(jnp.arange(N_DEV))  # expect: JAX302


def run():
    return prepare_shards()
