"""A jitted solver loops `range(config.n_sweeps)` over a traced config field.

Source: https://github.com/jax-ml/jax/issues/1406
The reporter's `def foo(num): for _ in range(num): pass` worked without jit but
`jit(foo)(0)` raised "'JaxprTracer' object cannot be interpreted as an
integer": every argument of a jitted function, including a plain Python int,
is traced, and `range` needs a concrete integer (the count has to be a static
argument, or the loop a `lax.fori_loop`).

Here the loop count reaches the jitted Jacobi smoother inside a NamedTuple
config, whose int field becomes a traced leaf like any other.

Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SmootherConfig(NamedTuple):
    n_sweeps: int
    damping: float


def laplacian_1d(u):
    return jnp.pad(u, 1)[:-2] - 2 * u + jnp.pad(u, 1)[2:]


@jax.jit
def jacobi_smooth(u, f, config: SmootherConfig):
    for _ in range(config.n_sweeps):  # expect: JAX204
        residual = f - laplacian_1d(u)
        u = u - config.damping * residual / 2.0
    return u


def run():
    f = jnp.sin(jnp.linspace(0.0, jnp.pi, 64))
    return jacobi_smooth(jnp.zeros(64), f, SmootherConfig(n_sweeps=4, damping=0.8))
