"""kfac_jax: ``if sync:`` on the traced "update the inverses now?" flag.

Source: https://github.com/google-deepmind/kfac-jax/commit/c275017f3457d0ce4e91cd3ac22a9d9a48c98661
("Fixing a concretization jax error introduced in previous commit.")

The previous kfac_jax commit started passing
``sync=self.should_update_inverse_cache(state)`` into
``_update_estimator_curvature``. That flag is
``state.step_counter % self._inverse_update_period == 0`` - a traced boolean -
and the method, which runs as a ``lax.cond`` branch built with
``functools.partial``, tested it with a Python ``if sync:``. Tracing the jitted
optimizer step raises a boolean-conversion error; the fix replaced the ``if`` by
``jax.lax.cond(sync, partial(self.estimator.sync, ...), lambda s: s, state)``.

Observed on jax 0.10.2: raises TracerBoolConversionError
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
    return state.estimator_state.synced
