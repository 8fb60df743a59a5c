"""Anderson-accelerated fixed-point iteration (state as a NamedTuple)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class AndersonState(NamedTuple):
    iter_num: object
    error: object
    history: jnp.ndarray


class AndersonAcceleration:
    def __init__(self, fixed_point_fun, history_size=3):
        self.fixed_point_fun = fixed_point_fun
        self.m = history_size

    def init_state(self, params):
        return AndersonState(iter_num=0,
                             error=jnp.inf,
                             history=jnp.zeros((self.m,) + params.shape))

    def update(self, params, state):
        new = self.fixed_point_fun(params)
        hist = jnp.roll(state.history, 1, axis=0).at[0].set(new)
        mixed = 0.5 * new + 0.5 * hist.mean(0)
        err = jnp.linalg.norm(mixed - params)
        return mixed, AndersonState(iter_num=state.iter_num + 1, error=err, history=hist)
