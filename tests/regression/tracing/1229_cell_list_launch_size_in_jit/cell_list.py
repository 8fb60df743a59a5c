import jax
import jax.numpy as jnp


def cell_grid(cell, cutoff, pbc):
    """Cells per dimension so that every cell is at least `cutoff` wide."""
    inv_cell = jnp.linalg.inv(cell)
    face = 1.0 / jnp.linalg.norm(inv_cell, axis=0)
    cells_per_dimension = jnp.maximum(jnp.floor(face / cutoff), 1).astype(jnp.int32)
    return cells_per_dimension


def cell_list(positions, cutoff, cell, pbc, max_neighbors, max_total_cells=None):
    cells_per_dimension = cell_grid(cell, cutoff, pbc)
    if max_total_cells is None:
        # launch size derived while executing the call
        max_total_cells = jnp.prod(cells_per_dimension)
    frac = positions @ jnp.linalg.inv(cell)
    idx3 = jnp.clip((frac * cells_per_dimension).astype(jnp.int32), 0, cells_per_dimension - 1)
    flat = (idx3[:, 0] * cells_per_dimension[1] + idx3[:, 1]) * cells_per_dimension[2] + idx3[:, 2]
    atoms_per_cell = jnp.zeros(max_total_cells, dtype=jnp.int32).at[flat].add(1)  # expect: JAX204
    same_or_near = jnp.abs(flat[:, None] - flat[None, :]) <= 1
    d = jnp.linalg.norm(positions[:, None] - positions[None], axis=-1)
    within = same_or_near & (d < cutoff) & (d > 0)
    neighbor_matrix = jnp.argsort(~within, axis=1)[:, :max_neighbors]
    return neighbor_matrix, jnp.sum(within, axis=1), atoms_per_cell
