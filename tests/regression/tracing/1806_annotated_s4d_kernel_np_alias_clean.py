"""The Annotated S4 (a literate implementation of structured state-space models) imports
`jax.numpy as np`, so its jitted S4D kernel reads like NumPy: `np.exp(step*A)`,
`np.exp(l*step*A)` and `jax.vmap(kernel_l)(np.arange(L))`. The sequence length L is listed in
static_argnums, so np.arange(L) gets a Python int, and every `np.` call is jax.numpy acting on
tracers. Clean look-alike: NumPy-looking calls on traced values and an arange of a function argument
inside jit, both legitimate.

Source: https://github.com/srush/annotated-s4/blob/f19e2464990f0c07943bb922894d6f2af65c9bd9/s4/s4d.py#L357
Observed on jax 0.10.x: s4d_kernel_zoh compiled 2 times
"""
from functools import partial

import jax
import jax.numpy as np


def log_step_initializer(key, dt_min=0.001, dt_max=0.1):
    return jax.random.uniform(key, (1,)) * (np.log(dt_max) - np.log(dt_min)) + np.log(dt_min)


@partial(jax.jit, static_argnums=2)
def s4d_kernel_zoh(C, A, L, step):
    kernel_l = lambda l: (C * (np.exp(step*A)-1)/A * np.exp(l*step*A)).sum()
    return jax.vmap(kernel_l)(np.arange(L)).real


def run():
    N = 16
    key = jax.random.PRNGKey(0)
    A = -0.5 + 1j * np.pi * np.arange(N)
    C = jax.random.normal(key, (N, 2)) @ np.array([1.0, 1j])
    step = np.exp(log_step_initializer(key))[0]
    total = 0.0
    for L in (64, 64, 128):
        total += float(s4d_kernel_zoh(C, A, L, step).sum())
    return None
