"""A JAX large-eddy-simulation code computes the surface exchange with Monin-Obukhov
similarity in one jitted kernel.  The stability parameter is found by a short
fixed-point iteration written as a Python `for _ in range(iterations)`; `iterations`
is a `static_argnames` argument and is a small solver setting (a handful of relaxation
sweeps), so unrolling it costs a few ops and the kernel compiles once per setting.
Correct look-alike of a Python loop inside jit.

Source: https://github.com/moulin1024/JAX-Wind/blob/33d6eba89572fee9b34d2bc500d9940040e42c05/src/jaxwind/_jax/surface.py#L78-L215
Observed on jax 0.10.x: monin_obukhov_surface_transfer compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("iterations",))
def monin_obukhov_surface_transfer(speed, scalar_difference, measurement_height,
                                   momentum_roughness_length, buoyancy_coefficient,
                                   von_karman=0.4, relaxation=0.5, *, iterations: int):
    def correction(zeta):
        zeta = jnp.clip(zeta, -5.0, 5.0)
        x = jnp.maximum(1.0 - 16.0 * zeta, 1.0) ** 0.25
        negative = 2.0 * jnp.log(0.5 * (1.0 + x)) + jnp.log(0.5 * (1.0 + x * x)) - 2.0 * jnp.arctan(x) + 0.5 * jnp.pi
        return jnp.where(zeta >= 0.0, -5.0 * zeta, negative)

    def denominator(inverse_obukhov):
        return (jnp.log(measurement_height / momentum_roughness_length)
                - correction(measurement_height * inverse_obukhov)
                + correction(momentum_roughness_length * inverse_obukhov))

    limit = 5.0 / measurement_height
    inverse_obukhov = jnp.zeros_like(speed)
    for _ in range(iterations):
        friction_velocity = von_karman * speed / jnp.maximum(denominator(inverse_obukhov), 1.0e-6)
        scalar_scale = von_karman * scalar_difference / jnp.maximum(denominator(inverse_obukhov), 1.0e-6)
        candidate = von_karman * buoyancy_coefficient * scalar_scale / jnp.maximum(friction_velocity**2, 1.0e-12)
        candidate = jnp.clip(candidate, -limit, limit)
        inverse_obukhov = (1.0 - relaxation) * inverse_obukhov + relaxation * candidate
    friction_velocity = von_karman * speed / jnp.maximum(denominator(inverse_obukhov), 1.0e-6)
    return friction_velocity, inverse_obukhov


def run():
    for step in range(3):
        monin_obukhov_surface_transfer(jnp.asarray(8.0 + step), jnp.asarray(-0.5), 5.0, 0.1, 0.033,
                                       iterations=4)
