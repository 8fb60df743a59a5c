"""A course project's coordinate-ascent VI (CAVI) for Bayesian linear regression is
jitted with static_argnames=("max_iter", "tol"): both are plain Python numbers used in
the while_loop's stopping rule, left at their defaults by every caller, so they are
hashable and constant. sigma2_init and tau2 stay traced. The example script calls
cavi() once per data set of the same size; jax compiles it once and reuses it.

Source: https://github.com/ellingsvee/MA8702/blob/8c1f19d8824db1289db62261af9c5e58773978dd/variational_inference_presentation/vi/src/vi/cavi.py#L23
Observed on jax 0.10.x: cavi compiled 1 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import Array
from jax.scipy.special import digamma, gammaln

SIGMA2 = 1.0
TAU2 = 0.25


class CAVIResult(NamedTuple):
    mu_beta: Array
    sigma2_beta: Array
    nu: Array
    alpha: float
    elbo: Array


@jax.jit(static_argnames=("max_iter", "tol"))
def cavi(x, y, sigma2_init=1.0, tau2=0.25, max_iter=100, tol=1e-6):
    n = x.shape[0]
    sum_x2, sum_xy, sum_y2 = jnp.sum(x**2), jnp.sum(x * y), jnp.sum(y**2)
    alpha = (n + 1.0) / 2.0
    prec_factor = sum_x2 + 1.0 / tau2
    mu_beta = sum_xy / prec_factor

    def compute_elbo(sigma2_beta, nu):
        E_log_s2 = jnp.log(nu) - digamma(alpha)
        E_inv_s2 = alpha / nu
        E_beta2 = sigma2_beta + mu_beta**2
        S = sum_y2 - 2.0 * mu_beta * sum_xy + E_beta2 * sum_x2
        ll = -n / 2 * jnp.log(2 * jnp.pi) - n / 2 * E_log_s2 - 0.5 * E_inv_s2 * S
        q_beta = 0.5 * (1 + jnp.log(2 * jnp.pi * sigma2_beta))
        q_sigma2 = alpha + jnp.log(nu) + gammaln(alpha) - (1 + alpha) * digamma(alpha)
        return ll - E_log_s2 + q_beta + q_sigma2

    def cond_fun(state):
        _, _, elbo, prev_elbo, it = state
        converged = jnp.abs(elbo - prev_elbo) < tol
        return jnp.logical_and(~converged, it < max_iter)

    def body_fun(state):
        sigma2_beta, _, elbo, _, it = state
        E_A = sum_y2 - 2 * mu_beta * sum_xy + (sigma2_beta + mu_beta**2) * prec_factor
        nu_new = 0.5 * E_A
        sigma2_beta_new = (alpha / nu_new) / prec_factor
        return (sigma2_beta_new, nu_new, compute_elbo(sigma2_beta_new, nu_new), elbo, it + 1)

    init_sigma2_beta = sigma2_init / prec_factor
    init_nu = 0.5 * (sum_y2 - 2 * mu_beta * sum_xy + (init_sigma2_beta + mu_beta**2) * prec_factor)
    init_state = (init_sigma2_beta, init_nu, -jnp.inf, -jnp.inf, 0)
    _, nu_final, elbo_final, _, _ = jax.lax.while_loop(cond_fun, body_fun, init_state)
    return CAVIResult(mu_beta, (alpha / nu_final) / prec_factor, nu_final, alpha, elbo_final)


def run_cavi(x: Array, y: Array) -> CAVIResult:
    return cavi(x, y, sigma2_init=SIGMA2, tau2=TAU2)


def run():
    key = jax.random.key(0)
    for seed in range(3):
        kx, ke = jax.random.split(jax.random.fold_in(key, seed))
        x = jax.random.normal(kx, (100,))
        y = 0.7 * x + jax.random.normal(ke, (100,))
        run_cavi(x, y)
    return 0
