"""Stress by differentiating an energy whose reciprocal lattice is built with ``np.linalg.inv``.

Source: https://github.com/fishjojo/pyscfad/issues/34
Report: "problem executing example 10-stress.py" -- the periodic stress example failed with
``TracerArrayConversionError: The numpy.ndarray conversion method __array__() was called on
traced array with shape float64[3,3]``: a lattice-dependent quantity was computed with NumPy
while the lattice was being differentiated. Here the helper module computes reciprocal
vectors with ``np.linalg.inv`` and the stress module takes ``jax.grad`` w.r.t. the lattice.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax.numpy as jnp

from stress import stress_tensor


def run():
    lattice = jnp.eye(3) * 3.5
    charges = jnp.array([1.0, -1.0])
    frac = jnp.array([[0.0, 0.0, 0.0], [0.5, 0.5, 0.5]])
    return stress_tensor(lattice, charges, frac)
