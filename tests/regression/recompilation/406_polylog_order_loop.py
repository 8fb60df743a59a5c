"""A static series order that changes from call to call inside a loop.

Source: https://github.com/cgiovanetti/LINX/issues/13
LINX's thermodynamics module recompiles the polylogarithm `Li` between
iterations; jax's explanation: "key with different value of static args:
now 3 and before 4". The order is a static argument and the caller walks
through several orders in a Python loop.

Observed on jax 0.10.2: polylog compiled 3 times
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=0)
def polylog(order, z, terms=64):
    k = jnp.arange(1, terms + 1, dtype=jnp.float32)
    return jnp.sum(z[..., None] ** k / k ** order, -1)


def massless_moments(T, max_moment=4):
    z = jnp.exp(-1.0 / T)
    moments = []
    for order in range(2, max_moment + 1):
        moments.append(polylog(order, z))  # expect: JAX403
    return jnp.stack(moments)


def run():
    T = jnp.linspace(0.5, 2.0, 6)
    for _ in range(2):
        out = massless_moments(T)
    return out
