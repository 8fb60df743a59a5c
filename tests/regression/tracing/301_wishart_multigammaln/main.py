"""Wishart log-density calls a multigammaln helper with a traced dimension.

Source: https://github.com/jax-ml/jax/issues/5073
jax.scipy.special.multigammaln used `jnp.arange(d)` internally, so `jit(multigammaln)(1, 2)`
failed with ConcretizationTypeError ("It arose in jax.numpy.arange argument `stop`").
Here a project-local multigammaln receives the dimension as an array from a jitted
Wishart log-density in another module.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from .wishart import wishart_logpdf


def run():
    x = jnp.eye(3) * 2.0
    scale = jnp.eye(3)
    return wishart_logpdf(x, scale, 5.0)
