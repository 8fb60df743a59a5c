"""Background model called first with a weak-typed scalar, then strong-typed ones.

Source: https://github.com/cgiovanetti/LINX/issues/13
The report calls `thermo_model_DNeff(jnp.asarray(0.))` once and then loops
`for dNeff in jnp.linspace(-5, 5, 10, dtype=float): thermo_model_DNeff(jnp.asarray(dNeff))`,
and lists weak typing among the "possible culprits" for the recompilation:
`jnp.asarray(0.)` is weak-typed float32, while elements of the linspace are
strongly typed, so the jitted model compiles once for each.

Observed on jax 0.10.2: background compiled 2 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n_steps",))
def background(delta_neff, n_steps=64):
    t = jnp.linspace(0.01, 1.0, n_steps)
    rho_g = t**-0.5 + 1.0
    rho_nu = (3.046 + delta_neff) * 7.0 / 8.0 * (4.0 / 11.0) ** (4.0 / 3.0) * rho_g
    return rho_g + rho_nu


def scan_dneff(n_points=4):
    ref = background(jnp.asarray(0.0))
    outs = [ref]
    for dneff in jnp.linspace(-5, 5, n_points, dtype=float):
        outs.append(background(jnp.asarray(dneff)))  # expect: JAX406
    return outs


def run():
    return scan_dneff()[-1]
