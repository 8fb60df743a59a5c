"""Finite-element code (fea-in-jax): ``linear_solve`` is jitted with a frozen, hashable
``SolverOptions`` dataclass as a static argument, and dispatches with Python ``match`` statements
on its enum fields (preconditioner type, solver type) plus an ``assert ... is not None`` on an
optional callable. The fields branched on are static Python enums, not traced values, so the
match runs at trace time and each options object compiles once.

Source: https://github.com/KeithBallard/fea-in-jax/blob/4233b76ac8c34cdc74208e4438b11cae51257b4f/src/fe_jax/sparse_linear_solve.py#L295
Observed on jax 0.10.x: linear_solve compiled 2 times
"""
import jax
import jax.numpy as jnp

from solver import LinearSolverType, PreconditionerType, SolverOptions, linear_solve

A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
b = jnp.array([1.0, 2.0, 3.0])

residual = jax.tree_util.Partial(lambda x: A @ x - b)
diagonal = jax.tree_util.Partial(lambda x: jnp.diag(A))


def run():
    cg_jacobi = SolverOptions(PreconditionerType.JACOBI, LinearSolverType.CG_JAX_SCIPY)
    dense = SolverOptions(PreconditionerType.NONE, LinearSolverType.DENSE_INVERSE_JNP)
    x0 = jnp.zeros(3)
    for _ in range(2):
        x = linear_solve(residual, diagonal, x0, cg_jacobi)
        x = linear_solve(residual, diagonal, x0, dense)
    return x.shape


if __name__ == "__main__":
    run()
