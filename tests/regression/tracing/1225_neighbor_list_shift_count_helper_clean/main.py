"""The shift metadata is computed outside `jit` and passed in (the fix).

Source: https://github.com/NVIDIA/nvalchemi-toolkit-ops/pull/72
Look-alike of the nvalchemiops example as the review asked: the metadata
`compute_naive_num_shifts(cell, cutoff, pbc)` is computed once on the host,
and the jitted specialisation passes `shift_range`, `num_shifts` and the
Python-int `max_shifts` explicitly, so the helper never runs under tracing.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from .naive import naive_neighbor_list
from .neighbor_utils import compute_naive_num_shifts

cell = jnp.eye(3) * 4.0
pbc = jnp.array([True, True, True])
cutoff = 2.5
# This specialisation closes over cell, pbc, cutoff and the matching shift
# metadata; recompute the metadata and build another one if any changes.
shift_range, num_shifts, max_shifts = compute_naive_num_shifts(cell, cutoff, pbc)


@jax.jit
def neighbors(positions):
    return naive_neighbor_list(positions, cutoff, cell=cell, pbc=pbc, max_neighbors=16,
                               shift_range=shift_range, num_shifts=num_shifts,
                               max_shifts=max_shifts)


def run():
    positions = jax.random.uniform(jax.random.PRNGKey(0), (12, 3), maxval=4.0)
    return neighbors(positions)
