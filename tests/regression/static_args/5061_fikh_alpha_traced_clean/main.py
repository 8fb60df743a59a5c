"""FIKH model after the fix: the scan kernel keeps only n_history (an int fixed per model) and
use_viscosity (a bool) static, static_argnums=(2, 4); the fractional order alpha is an ordinary
traced argument. A grid search over alpha reuses one compiled kernel for every candidate order.

Source: https://github.com/imewei/rheojax/blob/b79e79e732905e1d80a9f1e11bf2c8d157a3e1bf/rheojax/models/fikh/_kernels.py#L801
Observed on jax 0.10.x: fikh_scan_kernel_isothermal compiled 1 times
"""
import jax.numpy as jnp

from model import FIKH


def run():
    model = FIKH(n_history=16)
    times = jnp.linspace(0.0, 1.0, 20)
    strains = 0.1 * jnp.sin(2 * jnp.pi * times)
    stress_obs = 0.5 * strains
    losses = []
    for alpha in (0.3, 0.5, 0.7):
        params = {"G": jnp.float32(1.0), "eta": jnp.float32(0.1), "alpha": jnp.float32(alpha)}
        losses.append(float(model.loss(params, times, strains, stress_obs)))
    return len(losses)
