"""Herschel-Bulkley yield-stress model: the stress kernel is a method jitted with
`static_argnums=(0,)`, so the model object is the static argument. A multi-start fit constructs a
fresh HerschelBulkley for every starting point and evaluates it, so every start recompiles
`_predict_stress` (the instance is hashed by identity, never equal to the previous one).

Source: https://github.com/imewei/rheojax/blob/36e59d4b319788b676a30cef4f05fa587c7f8969/rheojax/models/flow/herschel_bulkley.py#L251
Observed on jax 0.10.x: _predict_stress compiled 3 times
"""
import jax.numpy as jnp

from .fitting import multistart_fit


def run():
    gamma_dot = jnp.logspace(-2, 2, 16)
    stress = 2.0 + 0.3 * gamma_dot**0.7
    starts = [(1.0, 0.5, 0.8), (2.0, 0.3, 0.7), (0.5, 1.0, 1.0)]
    resid, _ = multistart_fit(gamma_dot, stress, starts)
    return int(resid >= 0)
