"""jax-am's FEM solver checks the result of its BiCGSTAB linear solve inside
`jax_solve`: it computes the residual norm, prints it with an f-string, and
asserts `err < 0.1`. A user calling the solver under a JAX transformation found
that `err` is a tracer: the print only reports a Traced object once at trace
time, and the assert, acting as control flow, breaks. They suggested
`lax.cond` or chex assertions instead.

Source: https://github.com/CMSL-HKUST/jax-am/issues/13
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as np


def jacobi_preconditioner(A):
    return 1.0 / np.diag(A)


def jax_solve(A, b, x0, precond=True):
    A_fn = lambda x: A @ x
    pc = (lambda x: jacobi_preconditioner(A) * x) if precond else None
    x, info = jax.scipy.sparse.linalg.bicgstab(A_fn, b, x0=x0, M=pc, tol=1e-10, atol=1e-10, maxiter=100)

    # Verify convergence
    err = np.linalg.norm(A_fn(x) - b)
    print(f"JAX scipy linear solve res = {err}")  # expect: JAX101
    assert err < 0.1, f"JAX linear solver failed to converge with err = {err}"  # expect: JAX201
    return x


def run():
    A = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
    bs = np.ones((2, 3))
    return jax.jit(jax.vmap(lambda b: jax_solve(A, b, np.zeros(3))))(bs)
