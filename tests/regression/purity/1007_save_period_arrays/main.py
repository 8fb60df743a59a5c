"""Saving each period's policy to disk from inside a jitted backward induction.

Source: https://github.com/OpenSourceEconomics/dcegm/pull/74
What happened: the jitted solve function wanted to write the period-specific
policy arrays with jax.numpy.save, which "is not straightforward" inside jit:
file output is a host side effect and the traced arrays cannot be converted.
Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax.numpy as jnp

from backward import solve


def run():
    return solve({"beta": jnp.float32(0.95)}, jnp.linspace(0.0, 1.0, 5))
