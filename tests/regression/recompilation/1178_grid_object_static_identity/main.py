"""Grid object without __hash__/__eq__ is a static argument; each new grid recompiles.

Source: https://github.com/jax-ml/jax/issues/11018
What happened: in "jit not handling object" akharedeepak defined a plain
`class gridCartesian` (nx, ny and jnp arrays `grid_x`, `grid_y`, `grid_dx`, `grid_dy`) and
`@partial(jax.jit, static_argnums=(1,)) def fu(Molty, grid)`, a Jacobi-type update of a
Laplace problem that reads the grid spacings.  A class without `__hash__`/`__eq__` is
hashed by identity, so the jit cache is keyed on the particular grid *object*: results
were "inconsistent" when a grid object was re-created or changed, and every freshly
constructed grid -- even with identical nx/ny -- is a new cache entry.  Here the grid
class and the jitted sweep live in their own modules and the driver builds the grid
inside each of three relaxation runs.

Observed on jax 0.10.2: jacobi_sweep compiled 3 times
"""
import numpy as np

from grid import GridCartesian
from jacobi import jacobi_sweep


def relax(boundary_value, n_iter=5, batch=2):
    grid = GridCartesian(32, 32)
    molty = np.zeros([batch, *grid.grid_shape()])
    molty[:, 0, :] = boundary_value
    for _ in range(n_iter):
        molty = jacobi_sweep(molty, grid)  # expect: JAX405
    return molty


def run():
    results = [relax(v) for v in (10.0, 20.0, 30.0)]
    return float(results[-1].mean())


if __name__ == "__main__":
    print(run())
