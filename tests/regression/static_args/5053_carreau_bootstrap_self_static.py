"""Carreau viscosity model from a rheology package: `_predict_viscosity` is a method jitted with
`static_argnums=(0,)`, making the model instance a static (identity-hashed) argument. A bootstrap
uncertainty estimate builds a new Carreau() for every resample and calls predict, so each resample
retraces and recompiles the same kernel.

Source: https://github.com/imewei/rheojax/blob/36e59d4b319788b676a30cef4f05fa587c7f8969/rheojax/models/flow/carreau.py#L277
Observed on jax 0.10.x: _predict_viscosity compiled 5 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Carreau:
    def __init__(self, eta0=10.0, eta_inf=0.01, lambda_=1.0, n=0.5):
        self.params = {"eta0": eta0, "eta_inf": eta_inf, "lambda_": lambda_, "n": n}

    def predict(self, X):
        p = self.params
        return self._predict_viscosity(jnp.asarray(X), p["eta0"], p["eta_inf"], p["lambda_"], p["n"])  # expect: JAX405

    @partial(jax.jit, static_argnums=(0,))
    def _predict_viscosity(self, gamma_dot, eta0, eta_inf, lambda_, n):
        lambda_gamma = lambda_ * gamma_dot
        factor = jnp.power(1.0 + lambda_gamma**2, (n - 1.0) / 2.0)
        return eta_inf + (eta0 - eta_inf) * factor


def bootstrap_curves(gamma_dot, n_resamples, seed=0):
    rng = np.random.default_rng(seed)
    curves = []
    for _ in range(n_resamples):
        model = Carreau(eta0=10.0 * rng.uniform(0.9, 1.1), n=0.5 * rng.uniform(0.9, 1.1))
        curves.append(np.asarray(model.predict(gamma_dot)))
    return np.stack(curves)


def run():
    curves = bootstrap_curves(np.logspace(-2, 2, 12), n_resamples=5)
    return curves.shape[0]
