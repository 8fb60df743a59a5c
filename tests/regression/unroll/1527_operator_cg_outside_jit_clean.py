"""SpaceCore's JAX-integration notes recommend assembling the operator algebra
(`B.H @ A @ B + 0.01 * I`) outside the JIT boundary and passing the assembled
operator into a jitted `solve`, which runs conjugate gradients with
`maxiter=50`. The 50 iterations are a bound on a `lax.while_loop` inside the
solver, not a Python loop, and the operator construction runs once in plain
Python, so tracing `solve` stays small.

Source: https://pavlo3p.github.io/SpaceCore/_sources/design/jax_integration.rst.txt
Observed on jax 0.10.x: solve compiled 1 times
"""
import jax
import jax.numpy as jnp


def build_operator(n):
    return jnp.diag(jnp.linspace(1.0, 2.0, n)) + 0.1 * jnp.eye(n, k=1) + 0.1 * jnp.eye(n, k=-1)


def build_preconditioner(n):
    return jnp.diag(1.0 / jnp.sqrt(jnp.linspace(1.0, 2.0, n)))


@jax.jit
def solve(op, rhs):
    x, _ = jax.scipy.sparse.linalg.cg(lambda v: op @ v, rhs, maxiter=50)
    return x


def run():
    n = 128
    A = build_operator(n)
    B = build_preconditioner(n)
    # Build algebra outside the JIT boundary.
    system = B.T @ A @ B + 0.01 * jnp.eye(n)
    rhs = jnp.ones(n)
    for _ in range(3):
        x = solve(system, rhs)
    return None
