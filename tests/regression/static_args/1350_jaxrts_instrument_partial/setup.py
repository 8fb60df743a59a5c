from functools import partial

import jax
import jax.numpy as jnp


class Setup:
    """Scattering setup: angle, energy grid and the instrument function (a callable)."""

    def __init__(self, scattering_angle, energy, instrument):
        self.scattering_angle = scattering_angle
        self.energy = energy
        self.instrument = instrument


@partial(jax.jit, static_argnames=("instrument",))
def probe(energy, scattering_angle, instrument):
    k = jnp.sin(scattering_angle / 2.0)
    spectrum = jnp.exp(-((energy - 8.0) ** 2)) * k
    kernel = instrument(energy - energy.mean())
    return jnp.convolve(spectrum, kernel, mode="same")
