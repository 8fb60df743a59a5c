from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class ParameterSet(dict):
    def add(self, name, value):
        self[name] = value

    def get_value(self, name):
        return self[name]


class BaseModel:
    def __init__(self):
        self.parameters = ParameterSet()

    def predict(self, X):
        return self._predict(X)


class Bingham(BaseModel):
    """Bingham plastic: sigma = sigma_y + eta_p * |gamma_dot| above yield."""

    def __init__(self):
        super().__init__()
        self.parameters.add("sigma_y", 1.0)
        self.parameters.add("eta_p", 0.1)

    def _predict(self, X):
        sigma_y = self.parameters.get_value("sigma_y")
        eta_p = self.parameters.get_value("eta_p")
        gamma_dot = jnp.array(X)
        stress = self._predict_stress(gamma_dot, sigma_y, eta_p)  # expect: JAX405
        return np.array(stress)

    @partial(jax.jit, static_argnums=(0,))
    def _predict_stress(self, gamma_dot, sigma_y, eta_p, threshold=1e-9):
        abs_gamma_dot = jnp.abs(gamma_dot)
        stress_above_yield = sigma_y + eta_p * abs_gamma_dot
        return jnp.where(abs_gamma_dot > threshold, stress_above_yield, 0.0)
