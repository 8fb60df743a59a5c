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


@partial(jax.jit, static_argnames=["solver_options"])
def linear_solve(R_w_dirichlet, diag_J_w_dirichlet, x_0, solver_options):
    R_0 = R_w_dirichlet(x_0)

    match solver_options.linear_precond_type:
        case PreconditionerType.NONE:
            preconditioner = None
        case PreconditionerType.JACOBI:
            preconditioner = lambda x: x / diag_J_w_dirichlet(x_0)

    match solver_options.linear_solve_type:
        case LinearSolverType.DENSE_INVERSE_JNP:
            if preconditioner is not None:
                print(  # expect: JAX101
                    f"WARNING: a preconditioner was specifed but unused by {solver_options.linear_solve_type}"
                )
            J_dense = jax.jacfwd(R_w_dirichlet)(x_0)
            delta_x = jnp.array(jnp.dot(jnp.linalg.inv(J_dense), -R_0))
        case LinearSolverType.CG_JAX_SCIPY:
            J_vp = lambda z: jax.jvp(R_w_dirichlet, (x_0,), (z,))[1]
            delta_x, _ = jax.scipy.sparse.linalg.cg(J_vp, -R_0, M=preconditioner)
    return x_0 + delta_x
