"""Binned population model, registered as a pytree dataclass."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass
class BinnedPopulation:
    log_rates: jax.Array
    bin_edges: np.ndarray  # expect: JAX301


jax.tree_util.register_dataclass(
    BinnedPopulation, data_fields=["log_rates"], meta_fields=["bin_edges"]
)


def make_population(n_bins, scale):
    edges = np.linspace(5.0, 100.0, n_bins + 1)
    return BinnedPopulation(jnp.full((n_bins,), jnp.log(scale)), edges)
