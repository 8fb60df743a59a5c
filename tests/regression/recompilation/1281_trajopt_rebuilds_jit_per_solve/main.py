"""A trajectory solver rebuilds its cost closures and wraps them in a fresh
jax.jit on every solve(), so nothing is ever reused from the jit cache.

Source: https://github.com/iory/scikit-robot/issues/871
"Trajectory-optimization solver recompiles every solve": in scikit-robot,
``AugmentedLagrangianSolver._build_functions`` "closes over fk_data (link
translations, joint axes, base pose, collision offsets) and returns freshly
jax.jit-wrapped closures. jax.jit keys on function identity, so every solve()
compiles from scratch"; the instance-level ``_jit_cache`` is never hit by
callers that build per solve.  The solver module below follows that
structure; the driver re-plans three times for the same robot.

Observed on jax 0.10.2: inner_loop compiled 3 times
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
