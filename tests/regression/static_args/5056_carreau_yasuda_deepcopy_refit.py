"""Carreau-Yasuda model with `_predict_viscosity` jitted as a method (`static_argnums=(0,)`). An
interactive refit loop copies the model with copy.deepcopy before every trial so the original is
kept on rejection; each copy is a new identity-hashed static argument, so every trial recompiles
the viscosity kernel.

Source: https://github.com/imewei/rheojax/blob/36e59d4b319788b676a30cef4f05fa587c7f8969/rheojax/models/flow/carreau_yasuda.py#L274
Observed on jax 0.10.x: _predict_viscosity compiled 4 times
"""
import copy
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class CarreauYasuda:
    def __init__(self):
        self.params = {"eta0": 10.0, "eta_inf": 0.01, "lambda_": 1.0, "n": 0.5, "a": 2.0}

    def predict(self, X):
        p = self.params
        return self._predict_viscosity(  # expect: JAX405
            jnp.asarray(X), p["eta0"], p["eta_inf"], p["lambda_"], p["n"], p["a"]
        )

    @partial(jax.jit, static_argnums=(0,))
    def _predict_viscosity(self, gamma_dot, eta0, eta_inf, lambda_, n, a):
        factor = jnp.power(1.0 + jnp.power(lambda_ * gamma_dot, a), (n - 1.0) / a)
        return eta_inf + (eta0 - eta_inf) * factor


def run():
    gamma_dot = np.logspace(-2, 2, 12)
    target = 8.0 / (1.0 + gamma_dot)
    model = CarreauYasuda()
    best = np.mean((np.asarray(model.predict(gamma_dot)) - target) ** 2)
    for n_try in (0.4, 0.3, 0.2):
        trial = copy.deepcopy(model)
        trial.params["n"] = n_try
        err = np.mean((np.asarray(trial.predict(gamma_dot)) - target) ** 2)
        if err < best:
            model, best = trial, err
    return int(best >= 0)
