"""One Jacobi sweep for the Laplace equation on a (possibly non-uniform) grid."""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def jacobi_sweep(molty, grid):
    dx2 = jnp.power(grid.grid_dx[1:-1, 1:-1], 2)
    dy2 = jnp.power(grid.grid_dy[1:-1, 1:-1], 2)
    interior = jnp.divide(
        jnp.divide(molty[:, 2:, 1:-1] + molty[:, :-2, 1:-1], dx2)
        + jnp.divide(molty[:, 1:-1, 2:] + molty[:, 1:-1, :-2], dy2),
        2 / dx2 + 2 / dy2)
    return molty.at[:, 1:-1, 1:-1].set(interior)
