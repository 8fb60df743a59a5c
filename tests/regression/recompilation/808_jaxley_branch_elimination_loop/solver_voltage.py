"""Trimmed neurax/solver_voltage.py (jaxley's predecessor, before d5bc0f01)."""
import jax.numpy as jnp
from jax import vmap


def _eliminate_single_parent_upper(diag_at_branch, solve_at_branch, branch_cond):
    mult = branch_cond / diag_at_branch
    return -branch_cond * mult, -solve_at_branch * mult


def _eliminate_parents_upper(branches_in_level, parents, diags, solves, branch_cond):
    bil = branches_in_level
    new_diag, new_solve = vmap(_eliminate_single_parent_upper, in_axes=(0, 0, None))(
        diags[bil, -1], solves[bil, -1], branch_cond
    )
    for i, b in enumerate(bil):  # expect: JAX407
        diags = diags.at[parents[b], 0].set(diags[parents[b], 0] + new_diag[i])
        solves = solves.at[parents[b], 0].set(solves[parents[b], 0] + new_solve[i])
    return diags, solves


def _eliminate_children_lower(branches_in_level, parents, solves, branch_cond):
    bil = branches_in_level
    for b in bil:  # expect: JAX407
        solves = solves.at[b, -1].set(solves[b, -1] - branch_cond * solves[parents[b], 0])
    return solves


def solve_branched(levels, parents, diags, solves, branch_cond):
    for bil in reversed(levels[1:]):
        diags, solves = _eliminate_parents_upper(bil, parents, diags, solves, branch_cond)
    # root branch: tridiagonal solve collapsed to a diagonal solve (trimmed)
    solves = solves.at[0].set(solves[0] / diags[0])
    for bil in levels[1:]:
        solves = _eliminate_children_lower(bil, parents, solves, branch_cond)
        solves = solves.at[bil].set(solves[bil] / diags[bil])
    return solves
