"""Equivariant GNN research code (point clouds in a periodic box): training batches are
augmented with a random element of the cube's symmetry group. `random_symmetry_matrix` picks a
sign pattern with `jax.random.randint(key, (), 0, 8)` and an axis permutation with
`jax.random.randint(key, (), 0, 6)` from the same key, so both indices come from the same random
bits: the sign index and the permutation index always have the same parity and only 24 of the
48 symmetries are ever sampled.

Source: https://github.com/smsharma/eqnn-jax/blob/39426398db43a69ae84364c423857277def438ef/models/utils/graph_utils.py#L386
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from graph_utils import augment_with_axis_permutations

augment_batch = jax.jit(jax.vmap(augment_with_axis_permutations, in_axes=(0, 0)))


def run():
    rng = jax.random.PRNGKey(0)
    coupled_calls = 0
    for _ in range(3):
        rng, data_rng, aug_rng = jax.random.split(rng, 3)
        x = jax.random.uniform(data_rng, (64, 10, 6))
        _, matrices = augment_batch(x, jax.random.split(aug_rng, 64))
        combos = {tuple(np.asarray(m).ravel()) for m in matrices}
        coupled_calls += len(combos) <= 24
    return coupled_calls
