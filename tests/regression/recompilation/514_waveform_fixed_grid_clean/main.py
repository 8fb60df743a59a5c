"""Waveform generator fed frequency grids padded to one fixed length (fixed version).

Source: https://github.com/tedwards2412/ripple/issues/4
Keeping one input length avoids the per-length recompilation reported for the jitted
IMRPhenomD generator: every band is padded to MAX_BINS and masked.

Observed on jax 0.10.2: gen_polar compiled 1 times
"""
import jax.numpy as jnp

from likelihood import log_likelihood


def run():
    theta = jnp.array([20.0, 0.24, 400.0])
    bands = [(20.0, 64.0, 37), (64.0, 256.0, 91), (256.0, 1024.0, 155)]
    return log_likelihood(theta, bands)
