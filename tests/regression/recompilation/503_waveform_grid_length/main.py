"""Waveform generator jitted by default, fed frequency grids of different lengths.

Source: https://github.com/tedwards2412/ripple/issues/4
"`IMRPhenomD.gen_IMRPhenomD_polar` is jitted by default now. This makes jax recompile the code
when the length of the input frequency array changes, which introduce massive overhead when
trying to deal with dynamic frequency input length such as heterodyne likelihood." Here the
likelihood builds a differently sized heterodyne grid per detector band.

Observed on jax 0.10.2: gen_polar compiled 3 times
"""
import jax.numpy as jnp

from likelihood import log_likelihood


def run():
    theta = jnp.array([20.0, 0.24, 400.0])
    bands = [(20.0, 64.0, 37), (64.0, 256.0, 91), (256.0, 1024.0, 155)]
    return log_likelihood(theta, bands)
