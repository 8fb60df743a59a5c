"""The number of samples is used as a shape but is a traced argument.

Source: https://github.com/jax-ml/jax/issues/648
`sample(key, N)` was jitted without static_argnums and `N` was passed to
`random.randint` as the shape; it failed with "unhashable type:
'JaxprTracer'" then. The answer: shapes must come from static arguments, so
`N` needs to be listed in static_argnums.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp

from sampler import sample_paths


def run():
    key = jax.random.PRNGKey(0)
    transition = jnp.eye(4)
    return sample_paths(key, transition, 100)
