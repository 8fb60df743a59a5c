"""A jitted cell-list call derives its allocation size from traced inputs.

Source: https://github.com/NVIDIA/nvalchemi-toolkit-ops/pull/160
PR #160 ("define compiled neighbor-list boundaries"): "The pair-centric JAX
cell-list method previously derived its CUDA launch size while executing
`cell_list(...)`. That works eagerly, but the allocation-driving values become
tracers under `jax.jit`, so applications could not compile this method".  The
fix: "estimate capacities and derive the fixed launch metadata once in eager
code, then pass those values to the method-specific function inside
`jax.jit`".

Layout: `cell_list.py` (the method; with no `max_total_cells` it computes the
count from the cell and allocates with it), `main.py` (`build_neighbors` jitted
over positions and the cell).

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp

from .cell_list import cell_list

cutoff = 1.0
pbc = jnp.array([True, True, True])


@jax.jit
def build_neighbors(positions, cell):
    return cell_list(positions, cutoff, cell, pbc, max_neighbors=8)


def run():
    cell = jnp.eye(3) * 4.0
    positions = jax.random.uniform(jax.random.PRNGKey(0), (32, 3), maxval=4.0)
    return build_neighbors(positions, cell)
