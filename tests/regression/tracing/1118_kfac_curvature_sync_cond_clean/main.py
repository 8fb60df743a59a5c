"""Clean look-alike: kfac_jax syncs the curvature estimate through lax.cond.

Source: https://github.com/google-deepmind/kfac-jax/commit/c275017f3457d0ce4e91cd3ac22a9d9a48c98661

The fixed ``_update_estimator_curvature`` hands the traced ``sync`` flag
(``step_counter % inverse_update_period == 0``) to
``jax.lax.cond(sync, partial(self.estimator.sync, ...), lambda s: s, state)``
instead of branching on it in Python. Three jitted steps run; the sync happened
on step 0 only (period 5).

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

from .curvature_estimator import BlockDiagonalCurvature
from .optimizer import Optimizer


def run():
    opt = Optimizer(BlockDiagonalCurvature(dim=4), inverse_update_period=5)
    state = opt.init()
    params = jnp.zeros(4)
    batch = jnp.ones((8, 4))
    rng = jax.random.key(0)
    for _ in range(3):
        rng, sub = jax.random.split(rng)
        params, state = opt.step(params, state, sub, batch)
    return int(state.estimator_state.synced)
