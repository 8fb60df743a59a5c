"""A helper populates a module-level VJP cache from inside a jitted apply.

Source: https://github.com/pasteurlabs/tesseract-core/pull/577
What happened: the review of the JAX recipe notes that jax_apply "cannot be
jitted because it has side effects (it populates a cache)"; under jit the cache
is filled once at trace time (with closures over tracers), not once per call.
run() returns the number of cache entries after three jitted calls.
Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

from jax_recipes import apply_and_cache, cache_size


@jax.jit
def apply_jit(params, inputs):
    return apply_and_cache(params, inputs)


def run():
    params = jnp.ones((3,))
    for i in range(3):
        apply_jit(params, jnp.full((2, 3), float(i)))
    return cache_size()
