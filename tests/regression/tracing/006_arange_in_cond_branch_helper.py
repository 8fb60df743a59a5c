"""`np.arange(n)` in a pixel-coordinate helper reached from a `lax.cond` branch.

Source: https://github.com/LouisDesdoigts/dLux/issues/260
A detector layer chose between code paths with `jax.lax.cond`; the branch called a helper
computing `np.arange(n)` (jax.numpy imported as np), and the traced `n` made arange fail.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as np


def pixel_fn(n, offset, scale):
    pix = np.arange(n) - (n - 1) / 2.0  # expect: JAX204
    pix *= scale
    pix -= offset
    return pix


def apply_detector(use_pixels, npix, offset, scale):
    return jax.lax.cond(
        use_pixels,
        lambda: pixel_fn(npix, offset, scale).sum(),
        lambda: np.float32(0.0),
    )


def run():
    return jax.jit(apply_detector)(True, 8, 0.0, 1.0)
