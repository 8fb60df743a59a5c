"""A new integrator instance (identity-hashed) at a static position each call.

Source: https://github.com/patrick-kidger/equinox/issues/268
The issue shows jit caching keyed on callables/objects: methods bound to
different instances recompile even when the instances are equivalent. Here
each `simulate` call builds a fresh `Leapfrog` configuration object with no
__eq__/__hash__ and passes it as a static argument, so every call is a new
cache key.

Observed on jax 0.10.2: trajectory compiled 3 times
"""
import jax.numpy as jnp

from dynamics import simulate


def run():
    q0, p0 = jnp.ones(2), jnp.zeros(2)
    for _ in range(3):
        qs = simulate(q0, p0)
    return qs
