"""First call with a weakly typed scalar, later calls with typed array elements.

Source: https://github.com/cgiovanetti/LINX/issues/13
The thermodynamics model is first evaluated with `jnp.asarray(0.)` and then
in a loop over `jnp.linspace(-5, 5, 10, dtype=float)`; it recompiles, and the
thread names weak typing as a likely culprit: `jnp.asarray(0.)` is weakly
typed, the linspace elements are not.

Observed on jax 0.10.2: background compiled 2 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def background(delta_neff):
    a = jnp.logspace(-10.0, 0.0, 32)
    rho_rad = (1.0 + 0.227 * (3.044 + delta_neff)) / a ** 4
    return jnp.trapezoid(1.0 / jnp.sqrt(rho_rad), a)


def run():
    reference = background(jnp.asarray(0.0))
    out = []
    for dneff in jnp.linspace(-5.0, 5.0, 4, dtype=float):
        out.append(background(dneff) - reference)  # expect: JAX406
    return jnp.stack(out)
