"""Cell-list capacities are derived eagerly and passed into `jit` (the fix).

Source: https://github.com/NVIDIA/nvalchemi-toolkit-ops/pull/160
Look-alike of the pattern PR #160 introduced: the application derives the
launch metadata (`max_total_cells`) once in eager code from the concrete cell,
and passes it as a static argument to the jitted neighbor build; a change of
cell that needs more cells leaves compiled code and builds another
specialisation.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

from .cell_list import cell_grid, cell_list

cutoff = 1.0
pbc = jnp.array([True, True, True])


@partial(jax.jit, static_argnames="max_total_cells")
def build_neighbors(positions, cell, max_total_cells):
    return cell_list(positions, cutoff, cell, pbc, max_neighbors=8, max_total_cells=max_total_cells)


def run():
    cell = jnp.eye(3) * 4.0
    max_total_cells = int(jnp.prod(cell_grid(cell, cutoff, pbc)))  # eager, outside jit
    positions = jax.random.uniform(jax.random.PRNGKey(0), (32, 3), maxval=4.0)
    return build_neighbors(positions, cell, max_total_cells=max_total_cells)
