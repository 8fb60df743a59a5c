"""Damped least-squares update used by the tomography driver."""
import jax
import jax.numpy as jnp


@jax.jit
def model_update(Lmat, Cs, Bmat, Cd_inv, dvec):
    """One Gauss-Newton style update restricted to the active cells."""
    G = Bmat @ Lmat  # (n_data, n_active)
    A = G.T @ Cd_inv @ G + jnp.linalg.inv(Cs)
    rhs = G.T @ Cd_inv @ dvec
    return jnp.linalg.solve(A, rhs)


def active_operator(key, n_cells, n_active):
    """Selection matrix for the cells touched by the current ray set."""
    return jax.random.uniform(key, (n_cells, n_active))


def prior_covariance(n_active, length=3.0):
    idx = jnp.arange(n_active)
    return jnp.exp(-jnp.abs(idx[:, None] - idx[None, :]) / length) + 1e-3 * jnp.eye(n_active)
