"""pantea's DescriptorScaler counts extrapolation warnings (descriptor values outside the fitted
min/max) while an MD run evaluates the potential. The out-of-range test is a jitted pure function
`_calculate_number_of_warnings(params, data)` returning a device bool; `check_warnings` is plain
host code that converts it with int(), adds it to an immutable ScalerWarnings NamedTuple, and calls
`logger.warning(...)` once the maximum is exceeded. Clean look-alike: int() on a jitted result and
logging right next to jitted code, but all in the host-side caller.

Source: https://github.com/hghcomphys/pantea/blob/12f9f0da11003695bca89bd669e31594bf609087/pantea/descriptors/scaler.py#L113
Observed on jax 0.10.x: 3 of 3 calls
"""
import logging
from typing import NamedTuple

import jax
import jax.numpy as jnp

logger = logging.getLogger("Pantea")


class ScalerParams(NamedTuple):
    minval: jax.Array
    maxval: jax.Array


class ScalerWarnings(NamedTuple):
    number_of_warnings: int
    max_number_of_warnings: int


@jax.jit
def _calculate_number_of_warnings(params: ScalerParams, data):
    if data.ndim == 2:
        gt = jax.lax.gt(data, params.maxval[None, :])
        lt = jax.lax.gt(params.minval[None, :], data)
    else:
        gt = jax.lax.gt(data, params.maxval)
        lt = jax.lax.gt(params.minval, data)
    return jnp.any(jnp.logical_or(gt, lt))


def check_warnings(params, data, warnings: ScalerWarnings) -> ScalerWarnings:
    if warnings.max_number_of_warnings < 0:
        return warnings
    new_warnings = ScalerWarnings(
        warnings.number_of_warnings + int(_calculate_number_of_warnings(params, data)),
        warnings.max_number_of_warnings,
    )
    if new_warnings.number_of_warnings >= new_warnings.max_number_of_warnings:
        logger.warning(
            "Exceeding maximum number scaler extrapolation warnings: "
            f"{new_warnings.number_of_warnings} (max={new_warnings.max_number_of_warnings})"
        )
    return new_warnings


def run():
    params = ScalerParams(minval=jnp.zeros(4), maxval=jnp.ones(4))
    warnings = ScalerWarnings(0, 10)
    counted = 0
    for step in range(3):
        data = jnp.full((5, 4), 0.5).at[0, step].set(1.5)  # one extrapolated descriptor per step
        before = warnings.number_of_warnings
        warnings = check_warnings(params, data, warnings)
        counted += warnings.number_of_warnings == before + 1
    return counted
