"""An equinox LU solver branches with Python ``if`` on a traced pivot test.

Source: https://github.com/patrick-kidger/lineax/issues/187
Report: "TracerBoolConversionError with jax>=0.8.2 and LU.compute" -- lineax's LU solver
decided a branch with a Python ``if``/``else`` on a value that became a tracer under ``jit``;
the fix (https://github.com/patrick-kidger/lineax/pull/188) replaced the ``if``/``else`` with
``lax.cond``. Here a small equinox linear-solver module checks for a singular pivot with
``if`` inside its jitted ``compute``.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class LUSolver(eqx.Module):
    rcond: float = 1e-7

    def init(self, matrix):
        lu, pivots, permutation = jax.lax.linalg.lu(matrix)
        return lu, permutation

    def compute(self, state, vector):
        lu, permutation = state
        diag = jnp.abs(jnp.diag(lu))
        if jnp.min(diag) < self.rcond * jnp.max(diag):  # expect: JAX201
            return jnp.full_like(vector, jnp.nan)
        b = vector[permutation]
        y = jax.scipy.linalg.solve_triangular(lu, b, lower=True, unit_diagonal=True)
        return jax.scipy.linalg.solve_triangular(lu, y, lower=False)


@eqx.filter_jit
def linear_solve(solver, matrix, vector):
    state = solver.init(matrix)
    return solver.compute(state, vector)


def run():
    a = jnp.array([[4.0, 1.0], [2.0, 3.0]])
    b = jnp.array([1.0, 2.0])
    return linear_solve(LUSolver(), a, b)
