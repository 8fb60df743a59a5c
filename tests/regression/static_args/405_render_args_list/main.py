"""Render arguments holding a list of arrays, unpacked into static slots.

Source: https://github.com/tancik/fourier-feature-networks/issues/13
The 3D shape notebook calls `render_rays(get_params(opt_state), ab,
*render_args_lr)` where the static arguments include a list of the mesh's
corner arrays; jax raised "Non-hashable static arguments are not supported
... <class 'list'>, [TrackedArray(...), TrackedArray(...)]".

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from trainer import run_training


def run():
    params = jnp.ones((8, 1))
    ab = jnp.ones((3, 4))
    bounds = ([-0.001, 0.24, 0.2], [0.9, 0.75, 0.81])
    return run_training(params, ab, bounds)
