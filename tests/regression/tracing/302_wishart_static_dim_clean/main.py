"""Clean look-alike: the dimension passed to multigammaln is the static shape value.

Source: https://github.com/jax-ml/jax/issues/5073
Fix from the report's discussion: `d` must be static; taking it from `x.shape[0]` keeps it
a Python int inside jit.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from .wishart import wishart_logpdf


def run():
    return wishart_logpdf(jnp.eye(3) * 2.0, jnp.eye(3), 5.0)
