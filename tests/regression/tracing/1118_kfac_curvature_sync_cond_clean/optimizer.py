"""Curvature-update part of kfac_jax.Optimizer (kfac_jax/_src/optimizer.py, June 2023)."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class OptimizerState(NamedTuple):
    estimator_state: object
    step_counter: jnp.ndarray


class Optimizer:
    def __init__(self, estimator, curvature_update_period=1, inverse_update_period=5,
                 curvature_ema=0.95, pmap_axis_name=None):
        self.estimator = estimator
        self._curvature_update_period = curvature_update_period
        self._inverse_update_period = inverse_update_period
        self._curvature_ema = curvature_ema
        self.pmap_axis_name = pmap_axis_name
        self.step = jax.jit(self._step)  # kfac_jax stages its step with jit

    def init(self):
        return OptimizerState(self.estimator.init(), jnp.zeros((), jnp.int32))

    def should_update_estimate_curvature(self, state):
        return state.step_counter % self._curvature_update_period == 0

    def should_update_inverse_cache(self, state):
        if self._inverse_update_period == 1:
            return True
        return state.step_counter % self._inverse_update_period == 0

    def _maybe_update_estimator_state(self, state, should_update, update_func, **update_func_kwargs):
        estimator_state = lax.cond(
            should_update,
            functools.partial(update_func, **update_func_kwargs),
            lambda state_: state_,
            state.estimator_state,
        )
        return state._replace(estimator_state=estimator_state)

    def _update_estimator_curvature(self, estimator_state, func_args, rng, ema_old, ema_new, sync=True):
        state = self.estimator.update_curvature_matrix_estimate(
            state=estimator_state, ema_old=ema_old, ema_new=ema_new,
            batch_size=func_args[-1].shape[0], rng=rng, func_args=func_args,
        )
        return jax.lax.cond(
            sync,
            functools.partial(self.estimator.sync, pmap_axis_name=self.pmap_axis_name),
            lambda state_: state_,
            state,
        )

    def _maybe_update_estimator_curvature(self, state, func_args, rng, ema_old, ema_new, sync=True):
        return self._maybe_update_estimator_state(
            state,
            self.should_update_estimate_curvature(state),
            self._update_estimator_curvature,
            func_args=func_args, rng=rng, ema_old=ema_old, ema_new=ema_new, sync=sync,
        )

    def _step(self, params, state, rng, batch):
        func_args = (params, batch)
        state = self._maybe_update_estimator_curvature(
            state, func_args, rng, self._curvature_ema, 1.0,
            sync=self.should_update_inverse_cache(state),  # sync only before inverses are updated
        )
        return params, state._replace(step_counter=state.step_counter + 1)
