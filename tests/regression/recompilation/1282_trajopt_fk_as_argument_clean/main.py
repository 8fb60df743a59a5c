"""The solver with its inner loop defined once at module level and the FK
arrays and target passed as traced arguments, the restructuring the issue
calls for (the cache must be keyed on the problem data, not on fresh closures).

Source: https://github.com/iory/scikit-robot/issues/871
The issue notes the cache "cannot be shared safely because the traced
functions close over the problem's FK arrays"; passing ``fk_data`` as an
argument makes one compiled executable valid for every solve with the same
shapes.

Observed on jax 0.10.2: inner_loop compiled 1 times
"""
import jax.numpy as jnp

from kinematics import make_fk_data
from solver import AugmentedLagrangianSolver


def replan(targets):
    solver = AugmentedLagrangianSolver(make_fk_data(6))
    q = jnp.zeros(6)
    for t in targets:
        q = solver.solve(q, t)
    return q


def run():
    return replan([jnp.array([0.3, 0.2]), jnp.array([0.2, 0.3]), jnp.array([0.1, 0.4])])
