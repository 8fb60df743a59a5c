"""jaxhps built its barycentric Lagrange interpolation matrices with nested Python `for`
loops over the numbers of source and target points (`p = from_pts.shape[0]`,
`n = to_pts.shape[0]`), doing one `.at[].set()` per entry.  Called under jit, every
iteration is traced, so the program grows as n*p and first-call compilation took tens of
seconds; the PR replaced the loops with broadcasting.

Source: https://github.com/meliao/jaxhps/pull/11
Observed on jax 0.10.x: interp_to_uniform compiled 1 times
"""
import jax
import jax.numpy as jnp

from interpolation import barycentric_lagrange_interpolation_matrix_1D


def chebyshev_points(p):
    j = jnp.arange(p)
    return jnp.cos(jnp.pi * (2 * j + 1) / (2 * p))


@jax.jit
def interp_to_uniform(cheby_vals, from_pts, to_pts):
    mat = barycentric_lagrange_interpolation_matrix_1D(from_pts, to_pts)
    return mat @ cheby_vals


def run():
    p = 8
    from_pts = chebyshev_points(p)
    to_pts = jnp.linspace(-0.95, 0.95, 12)
    vals = jnp.exp(from_pts)
    return interp_to_uniform(vals, from_pts, to_pts)
