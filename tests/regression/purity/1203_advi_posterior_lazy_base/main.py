"""An ADVI posterior lazily caches its base distribution on `self` while traced.

Source: https://github.com/awslabs/fortuna/pull/57
In Fortuna's `ADVIPosterior.sample` (fortuna/prob_model/posterior/
normalizing_flow/advi/advi_posterior.py), when the posterior had been restored
without `fit`, `sample` built `self.base = DiagGaussian(mean=jnp.zeros(n_params),
std=...)`, `self.architecture = ADVIArchitecture(...)` and `self._unravel` on the
fly.  `sample` is called inside jitted/vmapped predictive code, so those
attributes captured tracers: "Upon recompilation of ADVI's sample method the
following error is raised: UnexpectedTracerError.  This is due to the saving of
intermediate values to global state."  The same author's PR #55 (commit
b5ba5ca, "not saving any value to global state") made them local variables of
`sample`; the merged PR #57 moved their construction into a helper.

Layout: `distribution.py`, `posterior.py` (the lazy cache), `predictive.py` (the
jitted, vmapped sampler); `run()` samples once, then again with a different
number of posterior samples, which retraces and reads the leaked base.

Observed on jax 0.10.2: raises UnexpectedTracerError
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
