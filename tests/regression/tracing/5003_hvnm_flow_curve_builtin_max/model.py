import jax.numpy as jnp


class HVNMLocal:
    """Hybrid vitrimer network model: only the dissociative (D) network gives normal stress."""

    def __init__(self, G_D=1.0e3, k_d_D=2.0):
        self.G_D = G_D
        self.k_d_D = k_d_D

    def predict_normal_stresses(self, gamma_dot):
        """N1 = 2 * G_D * (gamma_dot / k_d_D)^2, N2 = 0."""
        G_D = self.G_D
        k_d_D = self.k_d_D
        assert G_D is not None
        assert k_d_D is not None

        gamma_dot_jax = jnp.asarray(gamma_dot, dtype=jnp.float32)
        Wi_D = gamma_dot_jax / max(k_d_D, 1e-30)  # expect: JAX206,JAX201
        N1 = 2.0 * G_D * Wi_D**2
        N2 = jnp.zeros_like(N1)
        return N1, N2
