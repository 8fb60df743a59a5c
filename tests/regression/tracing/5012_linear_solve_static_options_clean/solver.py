from dataclasses import dataclass
from enum import Enum, auto
from functools import partial

import jax
import jax.numpy as jnp


class PreconditionerType(Enum):
    NONE = auto()
    JACOBI = auto()


class LinearSolverType(Enum):
    DENSE_INVERSE_JNP = auto()
    CG_JAX_SCIPY = auto()


@dataclass(eq=True, frozen=True)
class SolverOptions:
    linear_precond_type: PreconditionerType = PreconditionerType.NONE
    linear_solve_type: LinearSolverType = LinearSolverType.CG_JAX_SCIPY
    linear_max_iter: int = 1000
    linear_relative_tol: float = 1e-10


@partial(jax.jit, static_argnames=["solver_options"])
def linear_solve(R_w_dirichlet, diag_J_w_dirichlet, x_0, solver_options):
    R_0 = R_w_dirichlet(x_0)
    J_vp = lambda z: jax.jvp(R_w_dirichlet, (x_0,), (z,))[1]

    match solver_options.linear_precond_type:
        case PreconditionerType.NONE:
            preconditioner = None
        case PreconditionerType.JACOBI:
            assert (
                diag_J_w_dirichlet is not None
            ), f"{solver_options.linear_precond_type} requires the `jacobian_diagonal` argument to be provided."
            preconditioner = lambda x: x / diag_J_w_dirichlet(x_0)
        case _:
            raise Exception(f"Preconditioner type {solver_options.linear_precond_type} is not implemented")

    match solver_options.linear_solve_type:
        case LinearSolverType.DENSE_INVERSE_JNP:
            J_dense = jax.jacfwd(R_w_dirichlet)(x_0)
            delta_x = jnp.dot(jnp.linalg.inv(J_dense), -R_0)
        case LinearSolverType.CG_JAX_SCIPY:
            delta_x, _ = jax.scipy.sparse.linalg.cg(
                J_vp, -R_0, M=preconditioner,
                tol=solver_options.linear_relative_tol, maxiter=solver_options.linear_max_iter,
            )
        case _:
            raise Exception(f"Solver type {solver_options.linear_solve_type} is not implemented")
    return x_0 + delta_x
