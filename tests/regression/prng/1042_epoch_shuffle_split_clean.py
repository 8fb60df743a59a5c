"""Epoch permutations from a key split afresh every epoch.

Source: https://github.com/markean/aimz/issues/279
What happened: ArrayLoader with shuffle=True regenerates the epoch permutation
from the split JAX key each epoch, keeping the loader's key advancement and
same-key determinism.
run() returns how many later epochs repeat the first epoch's order.
Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


class ArrayLoader:
    def __init__(self, data, key):
        self.data = data
        self.key = key

    def epoch(self):
        self.key, perm_key = jax.random.split(self.key)
        perm = jax.random.permutation(perm_key, self.data.shape[0])
        return self.data[perm]


def run():
    loader = ArrayLoader(jnp.arange(32), jax.random.PRNGKey(0))
    first = loader.epoch()
    return sum(bool(jnp.all(loader.epoch() == first)) for _ in range(3))
