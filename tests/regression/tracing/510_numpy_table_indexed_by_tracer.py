"""A NumPy lookup table indexed with traced integer indices inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/553
Report: "np.arange weirdness with jit" -- ``np.arange(x.shape[0])[x]`` under ``jit`` failed:
mattjj explained that ``np.arange`` builds a plain ndarray, and indexing an ndarray with a
tracer asks NumPy to convert the tracer (suggested fix: ``lax.iota``/a jax array). Here an
energy-level table is precomputed with NumPy at import and indexed by traced quantum numbers.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np

LEVELS = np.arange(16)
ENERGY_TABLE = -13.6 / np.maximum(LEVELS, 1) ** 2


@jax.jit
def transition_energy(n_upper, n_lower):
    return ENERGY_TABLE[n_upper] - ENERGY_TABLE[n_lower]  # expect: JAX203,JAX202


def run():
    return transition_energy(jnp.array([3, 4, 5]), jnp.array([2, 2, 2]))
