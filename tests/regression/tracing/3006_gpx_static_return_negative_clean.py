"""Clean look-alike (the fix). GPX later jitted `log_marginal_likelihood` with
`static_argnums=[3, 4]`, so `return_negative` is a static Python bool: the
`if return_negative:` branch is resolved at trace time (one compilation per flag value)
and the L-BFGS fit that calls it with `return_negative=True` works.

Source: https://github.com/Molecolab-Pisa/GPX/commit/6eed4a5d9059ac2d7050546f884818546fc9d082
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax.numpy as jnp
import jax.scipy as jsp
import numpy as np
from jax import grad, jit
from jax.flatten_util import ravel_pytree
from jax.tree_util import tree_map
from scipy.optimize import minimize


def split_params(params):
    return params["kernel_params"], params["sigma"]


@partial(jit, static_argnums=[3, 4])
def log_marginal_likelihood(params, x, y, kernel, return_negative=False):
    kernel_params, sigma = split_params(params)
    y_mean = jnp.mean(y)
    y = y - y_mean
    m = y.shape[0]
    C_mm = kernel(x, x, kernel_params) + sigma**2 * jnp.eye(m) + 1e-10 * jnp.eye(m)
    L_m = jsp.linalg.cholesky(C_mm, lower=True)
    cy = jsp.linalg.solve_triangular(L_m, y, lower=True)
    mll = -0.5 * jnp.sum(jnp.square(cy))
    mll -= jnp.sum(jnp.log(jnp.diag(L_m)))
    mll -= m * 0.5 * jnp.log(2.0 * jnp.pi)
    if return_negative:
        return -mll
    return mll


def squared_exponential_kernel(x1, x2, params):
    d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(-0.5 * d2 / params["lengthscale"] ** 2)


def run():
    x = np.linspace(0, 1, 20)[:, None]
    y = np.sin(6 * x)
    params = {"sigma": jnp.array(0.1), "kernel_params": {"lengthscale": jnp.array(0.3)}}
    x0, unravel_fn = ravel_pytree(tree_map(jnp.log, params))

    def loss(xt):
        p = tree_map(jnp.exp, unravel_fn(xt))
        return log_marginal_likelihood(p, x=x, y=y, kernel=squared_exponential_kernel,
                                       return_negative=True)

    optres = minimize(loss, x0, method="L-BFGS-B", jac=jit(grad(loss)))
    return bool(np.isfinite(optres.fun))
