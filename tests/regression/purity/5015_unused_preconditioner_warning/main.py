"""Finite-element solver (fea-in-jax): inside the jitted ``linear_solve``, the dense-inverse
branch warns with a plain ``print(f"WARNING: a preconditioner was specifed but unused ...")``
when a Jacobi preconditioner was configured. The print runs when jax traces the function, so in
a Newton loop that calls linear_solve every iteration with the same options the warning appears
on the first iteration only and is silent afterwards, although every solve ignores the
preconditioner.

Source: https://github.com/KeithBallard/fea-in-jax/blob/0d8837da829f1d8e35c32c6fde351d76015740c7/src/fe_jax/sparse_linear_solve.py#L331
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from solver import LinearSolverType, PreconditionerType, SolverOptions, linear_solve

A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
b = jnp.array([1.0, 2.0, 3.0])
residual = jax.tree_util.Partial(lambda x: A @ x + 0.1 * x**3 - b)
diagonal = jax.tree_util.Partial(lambda x: jnp.diag(A) + 0.3 * x**2)


def run():
    options = SolverOptions(PreconditionerType.JACOBI, LinearSolverType.DENSE_INVERSE_JNP)
    x = jnp.zeros(3)
    warned = 0
    for newton_iter in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            x = linear_solve(residual, diagonal, x, options)
        warned += "WARNING" in buf.getvalue()
    return int(warned)


if __name__ == "__main__":
    run()
