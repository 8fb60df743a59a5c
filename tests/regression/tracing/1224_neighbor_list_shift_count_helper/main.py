"""A jitted neighbor-list call lets a helper `int()` a traced shift count.

Source: https://github.com/NVIDIA/nvalchemi-toolkit-ops/pull/72
Review of PR #72 (nvalchemiops JAX neighbor lists): the docstring example
"captures `cell` and `pbc` in the jit closure but doesn't pass
`shift_range_per_dimension`, `num_shifts_per_system`, or
`max_shifts_per_system`.  When those are absent, `naive_neighbor_list` falls
through to `compute_naive_num_shifts(cell, cutoff, pbc)`, which calls
`int(max_shifts_i64.max())` on a traced abstract array - raising
`ConcretizationTypeError` at trace time.  The `compute_naive_num_shifts`
docstring explicitly states it 'must be called outside jax.jit scope'."

Layout: `neighbor_utils.py` (the helper with the `int()`), `naive.py` (the
neighbor list that falls back to it), `main.py` (the jitted example closing
over `cell`/`pbc`).

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from .naive import naive_neighbor_list

cell = jnp.eye(3) * 4.0
pbc = jnp.array([True, True, True])
cutoff = 2.5


@jax.jit
def neighbors(positions):
    return naive_neighbor_list(positions, cutoff, cell=cell, pbc=pbc, max_neighbors=16)


def run():
    positions = jax.random.uniform(jax.random.PRNGKey(0), (12, 3), maxval=4.0)
    return neighbors(positions)
