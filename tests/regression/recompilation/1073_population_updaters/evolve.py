import jax.numpy as jnp

from updater import Updater


def run_generation(lrs, x, y):
    members = [Updater(lr) for lr in lrs]
    results = []
    for m in members:
        results.append(m.update(jnp.zeros(x.shape[1]), x, y))
    return results
