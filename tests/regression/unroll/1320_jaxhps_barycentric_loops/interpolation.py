import jax.numpy as jnp


def barycentric_lagrange_interpolation_matrix_1D(from_pts, to_pts):
    """Interpolation matrix from Chebyshev points `from_pts` to `to_pts`."""
    p = from_pts.shape[0]
    n = to_pts.shape[0]

    # Compute the inverses of the Barycentric weights
    w = jnp.ones(p)
    for j in range(p):  # expect: JAX407
        for k in range(p):
            if j != k:
                w = w.at[j].mul(from_pts[j] - from_pts[k])

    # Normalizing factor is sum_j w_j / (x - x_j)
    norm_factors = jnp.zeros(n)
    for i in range(p):
        norm_factors += 1 / (w[i] * (to_pts - from_pts[i]))

    # Compute the matrix
    matrix = jnp.zeros((n, p))
    for i in range(n):  # expect: JAX407
        for j in range(p):
            matrix = matrix.at[i, j].set(
                1 / ((to_pts[i] - from_pts[j]) * w[j] * norm_factors[i])
            )
    return matrix
