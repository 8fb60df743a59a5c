"""Jitted backward induction saves each period's policy with np.save.

Source: https://github.com/OpenSourceEconomics/dcegm/pull/76
"Save jax arrays to disc inside jitted function": to save memory the
endogenous grid, policy and value of each period were to be written to disk
inside the jitted backward induction; the PR notes that jit does not allow
impure functions such as saving data to disk and uses
`jax.experimental.io_callback` instead. Writing the naive version, the
per-period save inside the traced loop tries to turn a tracer into a NumPy
array. Solver and driver are separate modules.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import tempfile

import jax.numpy as jnp

from solve import make_solver


def run():
    with tempfile.TemporaryDirectory() as out_dir:
        solver = make_solver(n_periods=3, beta=0.95, out_dir=out_dir)
        return solver(jnp.linspace(1.0, 10.0, 16))
