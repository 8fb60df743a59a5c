"""Population model whose bin edges (a NumPy array) are pytree metadata.

Source: https://github.com/kokabsc/gwkokab/issues/429
What happened: gwkokab audited its models for NumPy/JAX arrays stored as static
(aux) pytree fields, quoting the equinox explanation that aux data must be
hashable and comparable because JAX uses it as a jit cache key; such fields give
confusing errors once the cache compares two instances.
Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from likelihood import log_likelihood
from population import make_population


def run():
    masses = jnp.linspace(10.0, 50.0, 32)
    out = 0.0
    for scale in (1.0, 2.0):
        pop = make_population(8, scale)
        out += log_likelihood(pop, masses)  # expect: JAX302
    return out
