"""Trimmed qdax/core/containers/mome_repertoire.py (before PR #49)."""
from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp


class MOMERepertoire:
    """Multi-objective MAP-Elites repertoire: one Pareto front per cell."""

    def __init__(self, genotypes, fitnesses, descriptors):
        self.genotypes = genotypes  # (num_cells, pareto_front_max_length, dim)
        self.fitnesses = fitnesses  # (num_cells, pareto_front_max_length, num_objectives)
        self.descriptors = descriptors

    @property
    def repertoire_capacity(self) -> int:
        first_leaf = jax.tree_util.tree_leaves(self.genotypes)[0]
        return int(first_leaf.shape[0] * first_leaf.shape[1])

    @partial(jax.jit, static_argnames=("num_samples",))  # expect: JAX304
    def _sample_in_masked_pareto_front(self, pareto_front_genotypes, mask, random_key):
        """Sample one single genotype in masked pareto front.

        Note: do not retrieve a random key because this function
        is to be vmapped. The public method that uses this function
        will return a random key.
        """
        p = (1.0 - mask) / jnp.sum(1.0 - mask)
        return jax.tree_util.tree_map(
            lambda x: jax.random.choice(random_key, x, shape=(1,), p=p),
            pareto_front_genotypes,
        )

    def sample(self, random_key, num_samples: int):
        mask = jnp.any(self.fitnesses == -jnp.inf, axis=-1).astype(jnp.float32)
        random_key, subkey = jax.random.split(random_key)
        cells_idx = jax.random.choice(subkey, mask.shape[0], shape=(num_samples,))
        random_key, subkey = jax.random.split(random_key)
        subkeys = jax.random.split(subkey, num_samples)
        sample_in_fronts = jax.vmap(self._sample_in_masked_pareto_front, in_axes=(0, 0, 0))
        samples = sample_in_fronts(self.genotypes[cells_idx], mask[cells_idx], subkeys)
        return samples[:, 0], random_key


jax.tree_util.register_pytree_node(
    MOMERepertoire,
    lambda r: ((r.genotypes, r.fitnesses, r.descriptors), None),
    lambda _, c: MOMERepertoire(*c),
)
