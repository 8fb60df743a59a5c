from functools import partial

import jax
import jax.numpy as jnp


class HerschelBulkley:
    """sigma = sigma_y + K |gamma_dot|^n above yield."""

    def __init__(self, sigma_y=1.0, K=0.5, n=0.8):
        self.sigma_y, self.K, self.n = sigma_y, K, n

    def _predict(self, X):
        return self._predict_stress(X, self.sigma_y, self.K, self.n)  # expect: JAX405

    @partial(jax.jit, static_argnums=(0,))
    def _predict_stress(self, gamma_dot, sigma_y, K, n, threshold=1e-9):
        abs_gd = jnp.abs(gamma_dot)
        return jnp.where(abs_gd > threshold, sigma_y + K * abs_gd**n, 0.0)
