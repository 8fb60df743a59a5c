"""Batch keys plus a fresh carry key from one split(key, n + 1).

Source: https://github.com/jax-ml/jax/issues/5554
What happened: the user creates a batch of keys and also needs to update the
original key; mattjj confirms `keys = split(key, batch_size + 1); return
keys[0], keys[1:]` is a good way to write it.
run() returns how many later batches repeat the first batch's draws.
Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

from keys import get_batch_keys


def run():
    key = jax.random.PRNGKey(0)
    draws = []
    for _ in range(3):
        key, batch_keys = get_batch_keys(key, 4)
        draws.append(jax.vmap(lambda k: jax.random.normal(k, ()))(batch_keys))
    return sum(bool(jnp.all(d == draws[0])) for d in draws[1:])
