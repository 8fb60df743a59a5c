"""A NumPyro model branches with a Python `if` on a sampled value, run under NUTS.

Source: https://github.com/pyro-ppl/numpyro/issues/1763
Porting a Pyro model, `if feeling_lazy:` on a sampled site fails in NumPyro: MCMC traces the
model with abstract values, so Python control flow on a sample raises (`numpyro.contrib.
control_flow.cond` is the way out).

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


def sleep_model():
    laziness = numpyro.sample("laziness", dist.Normal(0.0, 1.0))
    if laziness > 0:  # expect: JAX201
        hours = numpyro.sample("hours", dist.Normal(8.0, 1.0))
    else:
        hours = numpyro.sample("hours", dist.Normal(6.0, 1.0))
    return hours


def run():
    mcmc = MCMC(NUTS(sleep_model), num_warmup=5, num_samples=5, progress_bar=False)
    mcmc.run(jax.random.key(0))
