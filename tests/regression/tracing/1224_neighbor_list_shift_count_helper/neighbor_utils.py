import jax.numpy as jnp


def compute_naive_num_shifts(cell, cutoff, pbc):
    """Number of periodic images needed along each cell vector.

    Must be called outside `jax.jit` scope: the maximum number of shifts
    becomes a Python int used to size the shift buffer.
    """
    inv_cell = jnp.linalg.inv(cell)
    # distance between opposite faces of the cell along each axis
    face_dist = 1.0 / jnp.linalg.norm(inv_cell, axis=0)
    shift_range = jnp.where(pbc, jnp.ceil(cutoff / face_dist), 0).astype(jnp.int32)
    num_shifts = jnp.prod(2 * shift_range + 1)
    max_shifts_i64 = num_shifts.astype(jnp.int32)
    max_shifts = int(max_shifts_i64.max())  # expect: JAX202
    return shift_range, num_shifts, max_shifts
