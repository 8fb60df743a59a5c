"""An ADVI posterior builds its base distribution as locals inside `sample` (the fix).

Source: https://github.com/awslabs/fortuna/pull/55
Look-alike of Fortuna's `ADVIPosterior.sample` as fixed in PR #55 (commit
b5ba5ca, "fixed leak in advi `sample` method ... not saving any value to global
state"):
the base `DiagGaussian`, the architecture and the unravel function are local
variables of `sample`, so nothing traced is stored on the posterior and the
second, retraced predictive call works.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from .posterior import ADVIPosterior
from .predictive import Predictive


def apply_fn(params, x):
    return x @ params["w"] + params["b"]


def run():
    params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
    posterior = ADVIPosterior()
    posterior.fit(params)
    predictive = Predictive(posterior, apply_fn)
    x = jnp.ones((5, 3))
    predictive.sample_outputs(jax.random.PRNGKey(0), x, 4)
    return predictive.sample_outputs(jax.random.PRNGKey(1), x, 8)
