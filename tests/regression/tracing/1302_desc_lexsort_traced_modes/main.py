"""A DESC user optimising for ideal-ballooning stability got, whenever jit was on,
`TracerArrayConversionError ... called on traced array with shape int64[696]` from
`transform.py::_check_inputs_fft`: the objective's compute function built a Transform inside the
jitted `compute_scaled_error`, where the basis (a pytree) arrived with traced `modes`, and the
fft input check calls `np.lexsort` on them.

Source: https://github.com/PlasmaControl/DESC/issues/1334
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np

from transform import FourierZernikeBasis, Transform


@jax.jit
def compute_scaled_error(x, basis, grid):
    transform = Transform(grid, basis, method="fft")
    return transform.transform(x) / 10.0


def run():
    L, M, N = np.meshgrid(np.arange(2), np.arange(3), np.arange(-1, 2), indexing="ij")
    modes = np.stack([L.ravel(), M.ravel(), N.ravel()], axis=1)
    basis = FourierZernikeBasis(jnp.asarray(modes))
    grid = jnp.linspace(0, 2 * np.pi, 8)
    x = jnp.ones(modes.shape[0])
    compute_scaled_error(x, basis, grid)
