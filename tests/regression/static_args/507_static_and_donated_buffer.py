"""Replay-buffer insert that lists the same argument as static and as donated.

Source: https://github.com/jax-ml/jax/issues/10539
The issue asked for `donate_argnames` because `static_argnames` was "much less error prone"
than positional `*_argnums`; with both name lists available, users copy names between them.
Here the buffer capacity is marked static, and the same name was pasted into the donation list
meant for the buffer storage; jax rejects the overlap when the wrapper is built.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def insert(storage, item, index, capacity):
    storage = storage.at[index % capacity].set(item)
    return storage, (index + 1) % capacity


def make_insert_fn():
    return jax.jit(
        insert,
        static_argnames=("capacity",),
        donate_argnames=("storage", "capacity"),  # expect: JAX305
    )


def run():
    insert_fn = make_insert_fn()
    storage = jnp.zeros((16, 4))
    idx = jnp.array(0)
    for t in range(3):
        storage, idx = insert_fn(storage, jnp.full(4, float(t)), idx, capacity=16)
    return storage
