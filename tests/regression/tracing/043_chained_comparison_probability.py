"""A chained comparison `0.0 <= p <= 1.0` on a traced probability.

Source: https://github.com/k-karna/learning_jax
The notebook lists `(x > 0) and (x < 3)` among what fails under `jit`; a chained comparison is
the same `and` in disguise.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def bernoulli_logpmf(k, p):
    if not 0.0 <= p <= 1.0:  # expect: JAX201
        return -jnp.inf
    return k * jnp.log(p) + (1 - k) * jnp.log1p(-p)


logpmf = jax.jit(bernoulli_logpmf)


def run():
    return logpmf(1.0, 0.3)
