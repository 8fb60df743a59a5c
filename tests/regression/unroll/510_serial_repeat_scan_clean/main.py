"""Deep network built with a scan-based `repeat` combinator instead of `serial([layer]*depth)` (fixed version).

Source: https://github.com/google/neural-tangents/issues/168
The issue's suggestion: "a specialization for the case in which the same layer is repeated `n`
times, which could then use `jax.lax.scan()` to save compilation time by avoiding loop
unrolling". The layer weights are stacked along a leading axis and scanned.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from stax_lite import repeat_dense_relu

DEPTH = 64


def run():
    init_fn, apply_fn = repeat_dense_relu(32, DEPTH)
    params = init_fn(jax.random.PRNGKey(0), 32)
    forward = jax.jit(apply_fn)
    return forward(params, jnp.ones((4, 32)))
