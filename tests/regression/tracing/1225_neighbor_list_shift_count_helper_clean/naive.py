import itertools

import jax.numpy as jnp

from .neighbor_utils import compute_naive_num_shifts


def _shift_vectors(shift_range, max_shifts):
    grid = jnp.array(list(itertools.product(range(-2, 3), repeat=3)))
    keep = jnp.all(jnp.abs(grid) <= shift_range, axis=1)
    order = jnp.argsort(~keep)
    return grid[order][:max_shifts], keep[order][:max_shifts]


def naive_neighbor_list(positions, cutoff, cell, pbc, max_neighbors,
                        shift_range=None, num_shifts=None, max_shifts=None):
    if shift_range is None or max_shifts is None:
        shift_range, num_shifts, max_shifts = compute_naive_num_shifts(cell, cutoff, pbc)
    shifts, valid = _shift_vectors(shift_range, max_shifts)
    images = positions[None, :, :] + (shifts @ cell)[:, None, :]
    d = jnp.linalg.norm(positions[:, None, None, :] - images[None], axis=-1)
    d = jnp.where(valid[None, :, None], d, jnp.inf)
    d = jnp.where(d < 1e-8, jnp.inf, d)
    within = jnp.min(d, axis=1) < cutoff
    num_neighbors = jnp.sum(within, axis=1)
    neighbor_matrix = jnp.argsort(~within, axis=1)[:, :max_neighbors]
    return neighbor_matrix, num_neighbors
