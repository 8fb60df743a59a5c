"""Noise-conditional sliced score matching perturbs the inputs inside the
``fori_loop`` body with ``random.normal(random.PRNGKey(0), x.shape)``.

Source: https://github.com/gchq/coreax/issues/375
"In the SlicedScoreMatching method ``_noise_conditional_loop_body``, the
statement perturbing the inputs with Gaussian noise generates the same
perturbation (i.e., the same set of random numbers) on each function call."
(coreax/score_matching.py carried a TODO at that line.)

Observed on jax 0.10.2: 1 of 1 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import random
from jax.lax import fori_loop


class SlicedScoreMatching:
    def __init__(self, num_noise_models=4, sigma=1.0, gamma=0.95):
        self.num_noise_models = num_noise_models
        self.sigmas = sigma * gamma ** jnp.arange(num_noise_models)

    def _loss(self, params, x):
        return jnp.mean((x @ params) ** 2)

    def _perturb(self, i, x, sigmas):
        return x + sigmas[i] * random.normal(random.PRNGKey(0), x.shape)  # expect: JAX503

    def _noise_conditional_loop_body(self, i, obj, params, x, sigmas):
        x_perturbed = self._perturb(i, x, sigmas)
        return obj + sigmas[i] ** 2 * self._loss(params, x_perturbed)

    def noise_conditional_objective(self, params, x):
        body = partial(self._noise_conditional_loop_body, params=params, x=x, sigmas=self.sigmas)
        return fori_loop(0, self.num_noise_models, body, 0.0)


def run():
    ssm = SlicedScoreMatching()
    x = jnp.ones((5, 2))
    jax.jit(ssm.noise_conditional_objective)(jnp.ones(2), x)
    # the perturbation is identical for every noise level (and every call)
    d0 = (ssm._perturb(0, x, jnp.ones(4)) - x)
    d3 = (ssm._perturb(3, x, jnp.ones(4)) - x)
    return int(bool(jnp.allclose(d0, d3)))
