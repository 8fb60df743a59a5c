"""JAX-Fluids builds a signed-distance level set from a surface point cloud
(levelset/creation/generic_shapes.py). Grid cells and surface points are both
cut into chunks of ``batch_size`` with plain Python slicing, and every pair of
chunks goes through ``jax.jit(compute_distance)`` inside the nested loops. The
grid size and the number of points are not multiples of ``batch_size``, so the
last grid chunk and the last point chunk are shorter: every new combination of
chunk lengths is a new input shape and ``compute_distance`` is compiled again
(here 4 shape combinations), on top of the ragged ``compute_sign`` call.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids/levelset/creation/generic_shapes.py#L468
Observed on jax 0.10.x: compute_distance compiled 4 times, compute_sign compiled 2 times
"""
import math

import jax
import jax.numpy as jnp
import numpy as np


def get_signed_distance_from_points(X, points, position, batch_size):
    R_vector_grid = np.stack([X.ravel(), np.zeros(X.size), np.zeros(X.size)], axis=-1)
    N_points = points.shape[0]

    def compute_distance(R_vector_grid, points, distance_old):
        points += position
        distance_vector = R_vector_grid.reshape(-1, 1, 3) - points
        distance = jnp.linalg.norm(distance_vector, ord=2, axis=-1)
        indices = jnp.argmin(distance, axis=-1)
        distance = jnp.min(distance, axis=-1)
        mask = distance < distance_old
        distance = distance * mask + (1 - mask) * distance_old
        points = points[indices, :]
        points -= position
        R_points = jnp.linalg.norm(points, axis=-1, ord=2)
        return distance, R_points

    def compute_sign(distance, R_vector_grid, R_points):
        R_vector_grid -= position
        R_grid = jnp.linalg.norm(R_vector_grid, axis=-1)
        sign = jnp.where(R_grid < R_points, -1, 1)
        return distance * sign

    no_batches_grid = math.ceil(X.size / batch_size)
    signed_distance_buffer = np.zeros(X.size)
    no_batches_points = math.ceil(N_points / batch_size)
    for b1 in range(no_batches_grid):
        R_vector_grid_in = R_vector_grid[b1 * batch_size:(b1 + 1) * batch_size]
        distance = np.ones(len(R_vector_grid_in)) * 1e10
        for b2 in range(no_batches_points):
            points_in = points[b2 * batch_size:(b2 + 1) * batch_size]
            distance, R_points = jax.jit(compute_distance)(R_vector_grid_in, points_in, distance)  # expect: JAX404,JAX401
        signed_distance = jax.jit(compute_sign)(distance, R_vector_grid_in, R_points)  # expect: JAX404
        signed_distance_buffer[b1 * batch_size:(b1 + 1) * batch_size] = np.array(signed_distance)
    return signed_distance_buffer.reshape(X.shape)


def run():
    X = np.linspace(-1.0, 1.0, 50)
    theta = np.linspace(0.0, 2 * np.pi, 40, endpoint=False)
    points = np.stack([0.5 * np.cos(theta), 0.5 * np.sin(theta), np.zeros_like(theta)], axis=-1)
    get_signed_distance_from_points(X, points, np.zeros(3), batch_size=16)
