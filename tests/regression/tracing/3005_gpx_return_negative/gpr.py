from functools import partial

import jax.numpy as jnp
import jax.scipy as jsp
from jax import grad, jit
from jax.tree_util import tree_map
from jax.flatten_util import ravel_pytree
from scipy.optimize import minimize

from utils import constrain_parameters, unconstrain_parameters, split_params


@partial(jit, static_argnums=3)
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

    if return_negative:  # expect: JAX201
        return -mll

    return mll


class GaussianProcessRegression:
    def __init__(self, kernel, kernel_params, sigma):
        self.kernel = kernel
        self.kernel_params = tree_map(lambda p: jnp.array(p), kernel_params)
        self.sigma = jnp.array(sigma)
        self.params = {"sigma": self.sigma, "kernel_params": self.kernel_params}
        self.params_unconstrained = unconstrain_parameters(self.params)

    def fit(self, x, y):
        x0, unravel_fn = ravel_pytree(self.params_unconstrained)

        def loss(xt):
            params = unravel_fn(xt)
            params = constrain_parameters(params)
            return log_marginal_likelihood(
                params, x=x, y=y, kernel=self.kernel, return_negative=True
            )

        grad_loss = jit(grad(loss))
        optres = minimize(loss, x0, method="L-BFGS-B", jac=grad_loss)
        self.params_unconstrained = unravel_fn(optres.x)
        self.params = constrain_parameters(self.params_unconstrained)
        return self
