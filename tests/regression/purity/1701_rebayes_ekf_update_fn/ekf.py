from functools import partial
from typing import NamedTuple

import jax.numpy as jnp
from jax import jit


class EKFBel(NamedTuple):
    mean: jnp.ndarray
    cov: jnp.ndarray


def _full_covariance_condition_on(m, P, h, R, u, y):
    H = jnp.ones((1, m.shape[0]))
    S = H @ P @ H.T + R
    K = P @ H.T / S
    return m + (K * (y - h(m, u))).ravel(), P - K @ H @ P


def _fully_decoupled_ekf_condition_on(m, P, h, R, u, y):
    # diagonal approximation: each parameter updated independently
    S = jnp.sum(P) + R
    K = P / S
    return m + K * (y - h(m, u)), P - K * P


class RebayesEKF:
    def __init__(self, emission_mean_function, method="fcekf", obs_noise=1.0):
        self.emission_mean_function = emission_mean_function
        self.method = method
        self.obs_noise = obs_noise

    @partial(jit, static_argnums=(0,))
    def update_state(self, bel, u, y):
        if self.method == "fcekf":
            self.update_fn = _full_covariance_condition_on  # expect: JAX105
        elif self.method == "fdekf":
            self.update_fn = _fully_decoupled_ekf_condition_on  # expect: JAX105
        m, P = bel.mean, bel.cov
        if self.method == "fdekf":
            P = jnp.diag(P)
        mu, Sigma = self.update_fn(m, P, self.emission_mean_function, self.obs_noise, u, y)
        if self.method == "fdekf":
            Sigma = jnp.diag(Sigma)
        return EKFBel(mean=mu, cov=Sigma)
