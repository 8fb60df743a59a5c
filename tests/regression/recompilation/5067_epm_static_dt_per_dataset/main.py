"""Lattice elasto-plastic model (EPM): the startup kernel was jitted with
static_argnums=(5, 6, 7), i.e. dt, n_steps and L static, and the model computed
`dt = float(time[1] - time[0])` from each dataset's time grid. Experimental datasets with the same
number of points but different sampling intervals each produce a new float dt, so every dataset
recompiles the lattice scan; the fix made dt a traced argument.

Source: https://github.com/imewei/rheojax/blob/e9c6f65149b89c3596a49d2c99729147ababfe42/rheojax/models/epm/base.py#L98
Observed on jax 0.10.x: _jit_startup_kernel compiled 3 times
"""
import jax.numpy as jnp

from epm import LatticeEPM


def run():
    model = LatticeEPM(L=8)
    datasets = [jnp.linspace(0.0, t_end, 12) for t_end in (1.0, 2.0, 5.0)]
    curves = [model.predict_startup(t, gamma_dot=0.1) for t in datasets]
    return len(curves)
