"""A jitted solver receives its config as a static argument (the fix).

Source: https://github.com/jax-ml/jax/issues/1406
Look-alike of the report's loop with the count made static: the NamedTuple config
(hashable, made of Python scalars) is declared static with
`static_argnames="config"`, so `range(config.n_sweeps)` sees a concrete int and
the loop is unrolled at trace time.

Observed on jax 0.10.2: runs
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SmootherConfig(NamedTuple):
    n_sweeps: int
    damping: float


def laplacian_1d(u):
    return jnp.pad(u, 1)[:-2] - 2 * u + jnp.pad(u, 1)[2:]


@partial(jax.jit, static_argnames="config")
def jacobi_smooth(u, f, config: SmootherConfig):
    for _ in range(config.n_sweeps):
        residual = f - laplacian_1d(u)
        u = u - config.damping * residual / 2.0
    return u


def run():
    f = jnp.sin(jnp.linspace(0.0, jnp.pi, 64))
    return jacobi_smooth(jnp.zeros(64), f, config=SmootherConfig(n_sweeps=4, damping=0.8))
