"""jax-cfd's learned-interpolation layers extract stencil patches with
`_extract_patches_roll`, jitted with `static_argnums=(1,)` for `patch_shape`. Inside the jit
there is a Python loop `for size in patch_shape: shifts.append(range(...))`, but it runs over
the static tuple of patch dimensions (two or three entries), builds NumPy shift tables, and
the actual work is one `jax.vmap(jnp.roll)` over all shifts: no data-dependent or long loop
is unrolled into the trace.

Source: https://github.com/google/jax-cfd/blob/a1b5b51e982d19c3ff4a9fa89fe1ff396eed5a60/jax_cfd/ml/layers_util.py
Observed on jax 0.10.x: runs
"""
import functools
import itertools
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=(1,))
def _extract_patches_roll(x, patch_shape: Tuple[int, ...]):
    x = jnp.squeeze(x, -1)
    shifts = []
    for size in patch_shape:
        shifts.append(range(-size // 2 + 1, size // 2 + 1))
    rolls = -np.stack(tuple(itertools.product(*shifts)))
    out_axis = x.ndim
    roll_axes = range(out_axis)
    in_axes = (None, 0, None)
    return jax.vmap(jnp.roll, in_axes, out_axis)(x, rolls, tuple(roll_axes))


def run():
    x = jnp.arange(64.0).reshape(8, 8, 1)
    patches = _extract_patches_roll(x, (3, 3))
    assert patches.shape == (8, 8, 9)
