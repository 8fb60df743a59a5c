"""Clean: the static order is a constant; only traced inputs change in the loop.

Source: https://github.com/cgiovanetti/LINX/issues/13
The energy density only needs Li_4; the temperature sweep changes traced
values only, so the static key is the same on every call.

Observed on jax 0.10.2: polylog compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp

RHO_ORDER = 4


@functools.partial(jax.jit, static_argnums=0)
def polylog(order, z, terms=64):
    k = jnp.arange(1, terms + 1, dtype=jnp.float32)
    return jnp.sum(z[..., None] ** k / k ** order, -1)


def energy_density_sweep(temperatures):
    out = []
    for T in temperatures:
        z = jnp.exp(-1.0 / T)
        out.append(polylog(RHO_ORDER, z) * T ** 4)
    return jnp.stack(out)


def run():
    return energy_density_sweep(jnp.linspace(0.5, 2.0, 5))
