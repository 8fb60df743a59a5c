"""Building an LP from two-sided constraints with one-argument ``jnp.where`` under ``jit``.

Source: https://github.com/MIT-Lu-Lab/MPAX/issues/1
Report: calling ``jax.vmap(jax.jit(solve))`` on a function that builds the problem with
MPAX's ``create_lp(c, A, l, u, var_lb, var_ub)`` raised ``ConcretizationTypeError``: "the error
is raised by the call to jnp.where" in ``mp_io.py`` -- the number of finite two-sided rows,
and so the shape of the standard form, depends on traced data. MPAX changed the interface to
``create_lp(c, A, b, G, h, l, u)`` to make it jittable.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from mp_io import create_lp


def objective_of_relaxation(A):
    n_rows, n_vars = A.shape
    c = -jnp.ones(n_vars)
    l = jnp.full(n_rows, -jnp.inf)
    u = jnp.ones(n_rows)
    lp = create_lp(c, A, l, u, jnp.zeros(n_vars), jnp.full(n_vars, jnp.inf))
    return lp.h.sum() + lp.G.sum()


def run():
    A = jnp.abs(jax.random.normal(jax.random.PRNGKey(0), (4, 3, 5)))
    return jax.vmap(jax.jit(objective_of_relaxation))(A)
