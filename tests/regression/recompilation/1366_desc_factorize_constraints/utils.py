import jax
import jax.numpy as jnp


def factorize_linear_constraints(A, b):
    """Return project/recover maps onto the null space of A x = b (DESC objectives/utils.py)."""
    xp = jnp.linalg.lstsq(A, b)[0]
    _, _, vh = jnp.linalg.svd(A)
    Z = vh[A.shape[0]:].T

    @jax.jit
    def project(x):
        """Project a full state vector into the reduced optimization vector."""
        x_reduced = Z.T @ (x - xp)
        return jnp.atleast_1d(jnp.squeeze(x_reduced))

    @jax.jit
    def recover(x_reduced):
        """Recover the full state vector from the reduced optimization vector."""
        return jnp.atleast_1d(jnp.squeeze(xp + Z @ x_reduced))

    return xp, project, recover
