"""Power-law model: kernels are methods jitted with `static_argnums=(0,)`. The Bayesian helper
evaluates the model through `PowerLaw().model_function(X, params)`, building a throwaway
instance on every call; each throwaway is a new identity-hashed static argument, so every
posterior-predictive draw recompiles `_predict_viscosity`.

Source: https://github.com/imewei/rheojax/blob/36e59d4b319788b676a30cef4f05fa587c7f8969/rheojax/models/flow/power_law.py#L211
Observed on jax 0.10.x: _predict_viscosity compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class PowerLaw:
    def model_function(self, X, params, test_mode=None):
        K, n = params[0], params[1]
        return self._predict_viscosity(X, K, n)  # expect: JAX405

    @partial(jax.jit, static_argnums=(0,))
    def _predict_viscosity(self, gamma_dot, K, n):
        return K * jnp.power(jnp.abs(gamma_dot), n - 1.0)


def posterior_predictive(X, samples):
    return [np.asarray(PowerLaw().model_function(X, s)) for s in samples]


def run():
    X = jnp.logspace(-1, 1, 8)
    samples = [jnp.array([1.0, 0.5]), jnp.array([1.1, 0.45]), jnp.array([0.9, 0.55])]
    return len(posterior_predictive(X, samples))
