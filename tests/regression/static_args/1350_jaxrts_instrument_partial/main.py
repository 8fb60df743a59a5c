"""jaxrts users build a `Setup` with `instrument=functools.partial(instrument_gaussian, sigma=5 eV)`
(the getting-started example) and then run `probe`. The instrument callable is a static argument of
the jitted computation; since every Setup is created with a fresh partial object, which has no value
equality, re-creating the same setup and probing again recompiles every time.

Source: https://github.com/JaXRTS/jaxrts/pull/76
Observed on jax 0.10.x: probe compiled 3 times
"""
from functools import partial

import jax.numpy as jnp

from instrument_function import instrument_gaussian
from setup import Setup, probe


def make_setup():
    return Setup(
        scattering_angle=jnp.deg2rad(60.0),
        energy=jnp.linspace(6.0, 10.0, 64),
        instrument=partial(instrument_gaussian, sigma=0.5),
    )


def run():
    for _ in range(3):
        setup = make_setup()
        probe(setup.energy, setup.scattering_angle, instrument=setup.instrument)  # expect: JAX405
    return None


if __name__ == "__main__":
    run()
