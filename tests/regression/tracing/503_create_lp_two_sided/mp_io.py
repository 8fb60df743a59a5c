from typing import NamedTuple

import jax.numpy as jnp


class LPProblem(NamedTuple):
    c: jnp.ndarray
    G: jnp.ndarray
    h: jnp.ndarray
    var_lb: jnp.ndarray
    var_ub: jnp.ndarray


def create_lp(c, A, l, u, var_lb, var_ub):
    """Converts two-sided rows ``l <= A x <= u`` into the ``G x >= h`` standard form."""
    finite_l = jnp.isfinite(l)
    finite_u = jnp.isfinite(u)
    lower_rows = jnp.where(finite_l)[0]  # expect: JAX204
    upper_rows = jnp.where(finite_u)[0]  # expect: JAX204
    G = jnp.concatenate([A[lower_rows], -A[upper_rows]], axis=0)
    h = jnp.concatenate([l[lower_rows], -u[upper_rows]], axis=0)
    return LPProblem(c=c, G=G, h=h, var_lb=var_lb, var_ub=var_ub)
