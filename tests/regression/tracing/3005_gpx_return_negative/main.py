"""GPX (Gaussian-process regression in JAX). `log_marginal_likelihood(params, x, y, kernel,
return_negative=False)` is jitted with `static_argnums=3` (only the kernel is static) and
ends with `if return_negative: return -mll`. `GaussianProcessRegression.fit` minimises
the loss by calling it with `return_negative=True`; that flag is then a traced boolean and
the Python `if` on it fails, so fitting any model raises a concretization error. The
authors' fix was to add the flag to static_argnums.

Source: https://github.com/Molecolab-Pisa/GPX/blob/31af04dd975b59c69c8d70114b9145ab51d1f50c/gpx/models/gpr.py#L61
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax.numpy as jnp
import numpy as np

from gpr import GaussianProcessRegression


def squared_exponential_kernel(x1, x2, params):
    d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(-0.5 * d2 / params["lengthscale"] ** 2)


def run():
    x = np.linspace(0, 1, 20)[:, None]
    y = np.sin(6 * x)
    model = GaussianProcessRegression(squared_exponential_kernel, {"lengthscale": 0.3}, 0.1)
    model.fit(x, y)
    return model.params["sigma"]
