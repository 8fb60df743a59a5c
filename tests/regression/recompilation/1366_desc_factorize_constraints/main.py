"""In DESC every call of `factorize_linear_constraints` defines fresh `@jit` closures `project` and
`recover`. Each optimization run (and each objective build) calls it again, so the returned
functions are new objects every time and get compiled again on first use, even though shapes are
unchanged; the fix turned them into classes with jitted methods so the cache is shared.

Source: https://github.com/PlasmaControl/DESC/pull/1043
Observed on jax 0.10.x: project compiled 3 times
"""
import jax.numpy as jnp

from utils import factorize_linear_constraints


def solve_once(A, b, x0):
    xp, project, recover = factorize_linear_constraints(A, b)  # expect: JAX402
    x_reduced = project(x0)
    return recover(x_reduced)


def run():
    A = jnp.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 1.0, 0.0]])
    b = jnp.array([1.0, 2.0])
    for i in range(3):
        solve_once(A, b, jnp.ones(4) * i)
    return None


if __name__ == "__main__":
    run()
