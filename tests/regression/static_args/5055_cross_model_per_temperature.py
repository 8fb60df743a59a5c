"""Cross viscosity model: `_predict_viscosity` is jitted as a method with `static_argnums=(0,)`.
A temperature sweep keeps one Cross instance per temperature in a dict and evaluates each; because
the static argument is the instance (hashed by identity), each temperature's model compiles its
own copy of the identical kernel.

Source: https://github.com/imewei/rheojax/blob/36e59d4b319788b676a30cef4f05fa587c7f8969/rheojax/models/flow/cross.py#L255
Observed on jax 0.10.x: _predict_viscosity compiled 4 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Cross:
    def __init__(self, eta0, eta_inf=0.01, K=1.0, n=0.6):
        self.eta0, self.eta_inf, self.K, self.n = eta0, eta_inf, K, n

    def predict(self, X):
        return self._predict_viscosity(jnp.asarray(X), self.eta0, self.eta_inf, self.K, self.n)  # expect: JAX405

    @partial(jax.jit, static_argnums=(0,))
    def _predict_viscosity(self, gamma_dot, eta0, eta_inf, K, n):
        return eta_inf + (eta0 - eta_inf) / (1.0 + jnp.power(K * gamma_dot, n))


def run():
    temps = [20.0, 30.0, 40.0, 50.0]
    models = {T: Cross(eta0=10.0 * np.exp(-0.02 * (T - 20.0))) for T in temps}
    gamma_dot = np.logspace(-1, 2, 10)
    curves = {T: np.asarray(m.predict(gamma_dot)) for T, m in models.items()}
    return len(curves)
