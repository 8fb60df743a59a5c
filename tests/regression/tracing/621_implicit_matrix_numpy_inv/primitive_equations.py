import numpy as np
import jax.numpy as jnp


def _get_implicit_term_matrix(eta, laplacian, timestep):
    """Matrix for the semi-implicit gravity-wave solve: (I - eta*dt*L)^-1."""
    n = laplacian.shape[0]
    return np.linalg.inv(np.eye(n) - eta * timestep * laplacian)  # expect: JAX203


def implicit_step(state, laplacian, timestep, eta=0.5):
    inverse = _get_implicit_term_matrix(eta, laplacian, timestep)
    return jnp.asarray(inverse) @ state
