"""`Scene.fit` defines its jitted `_make_step` inside the method, so each fit recompiles.

Source: https://github.com/pmelchior/scarlet2/issues/120
scarlet2 suspected that fitting different scenes/observations re-compiled the
jitted step; logging showed a tracing cache miss for `_make_step` on every
`fit`, even for the same scene parameterisation, because the step function is a
closure created inside `fit`. Scene and observation types live in separate
modules, as in the package.

Observed on jax 0.10.2: _make_step compiled 3 times
"""
import jax.numpy as jnp

from .observation import Observation
from .scene import Scene


def run():
    grid = jnp.linspace(-3.0, 3.0, 32)
    out = None
    for shift in (0.0, 0.5, 1.0):
        obs = Observation(jnp.exp(-0.5 * (grid - shift) ** 2), jnp.ones_like(grid))
        out = Scene(jnp.float32(0.8), jnp.float32(0.1)).fit(obs, grid)
    return out["center"]
