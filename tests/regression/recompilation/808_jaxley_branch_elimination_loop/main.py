"""jaxley (neurax): branch elimination loops over a traced array of branch indices.

Source: https://github.com/jaxleyverse/jaxley/commit/d5bc0f01b86bb1721422c6f7cb9e0cc3f8d0bbbf
(jaxley, then "neurax": "Drastically reduce compile time by putting
elimination steps into fori_loop").

The branched-cable voltage solver eliminates each child branch into its
parent level by level. `_eliminate_parents_upper` and
`_eliminate_children_lower` (solver_voltage.py) iterate with Python `for`
loops over `branches_in_level`, an array that is traced inside the jitted
solve, so the loops are unrolled once per branch and compile time grows with
the morphology. The fix moved both loops into `lax.fori_loop`. Script-style
directory.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from solver_voltage import solve_branched


@jax.jit
def step(levels, parents, diags, solves, branch_cond):
    return solve_branched(levels, parents, diags, solves, branch_cond)


def run():
    # binary tree: 1 root, 2, 4, 8 branches per level
    levels = [jnp.array([0]), jnp.arange(1, 3), jnp.arange(3, 7), jnp.arange(7, 15)]
    parents = jnp.concatenate([jnp.array([-1]), (jnp.arange(1, 15) - 1) // 2])
    nseg = 4
    diags = 2.0 * jnp.ones((15, nseg))
    solves = jnp.ones((15, nseg))
    return step(levels, parents, diags, solves, 0.1)
