"""Truncated Gaussian kernel with a Python `if` is vmapped in mean-shift.

Source: https://github.com/jax-ml/jax/issues/1076
"noob vmap question with if statement": `kernel_scalar(x, lam=0.18,
beta=1.0)` used `if np.abs(x) > lam: return 0.0`, and `vmap(kernel_scalar)(xs)`
failed with the abstract-value-passed-to-bool error even though no `jit` was
involved. Here the kernel (kernels.py) takes its defaults from a config module
and a mean-shift step vmaps it over pairwise distances.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from kernels import kernel_scalar


def mean_shift_step(points):
    diffs = (points[:, None] - points[None, :]).ravel()
    weights = jax.vmap(kernel_scalar)(diffs).reshape(points.shape[0], -1)
    return (weights @ points) / weights.sum(axis=1)


def run():
    pts = jnp.linspace(-0.5, 0.5, 10)
    return mean_shift_step(pts)
