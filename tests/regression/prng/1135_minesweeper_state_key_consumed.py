"""Minesweeper's reset places the mines with ``key`` and stores that same key in the state.

Source: https://github.com/instadeepai/jumanji/commit/aa8b7fd24b869bc66fe62008491667884f4fd6f9
("fix: do not default the state key (#490)", minesweeper part)

Before the fix ``Minesweeper.reset(key)`` sampled the mine locations with
``create_flat_mine_locations(key=key, ...)`` and returned
``State(..., key=key, ...)``: the state carries a key that has already been
consumed, and the auto-reset wrapper later splits it again
(``key, _ = jax.random.split(state.key)``) to draw the next board. The fix
splits first: ``key, sample_key = jax.random.split(key)``, samples with
``sample_key`` and stores ``key``. With jax's key-reuse checker enabled the
auto-reset trips on the consumed key.

Observed on jax 0.10.2: raises KeyReuseError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp

UNEXPLORED_ID = -1


class State(NamedTuple):
    board: jnp.ndarray
    step_count: jnp.ndarray
    flat_mine_locations: jnp.ndarray
    key: jax.Array


def create_flat_mine_locations(key, num_rows, num_cols, num_mines):
    return jax.random.choice(key, num_rows * num_cols, shape=(num_mines,), replace=False)


class Minesweeper:
    def __init__(self, num_rows=6, num_cols=6, num_mines=5):
        self.num_rows, self.num_cols, self.num_mines = num_rows, num_cols, num_mines

    def reset(self, key):
        board = jnp.full((self.num_rows, self.num_cols), UNEXPLORED_ID, dtype=jnp.int32)
        flat_mine_locations = create_flat_mine_locations(
            key=key, num_rows=self.num_rows, num_cols=self.num_cols, num_mines=self.num_mines)
        state = State(board=board, step_count=jnp.array(0, jnp.int32),
                      flat_mine_locations=flat_mine_locations, key=key)  # expect: JAX505,JAX504
        return state


class AutoResetWrapper:
    def __init__(self, env):
        self._env = env

    def auto_reset(self, state):
        key, _ = jax.random.split(state.key)
        return self._env.reset(key)


def run():
    env = AutoResetWrapper(Minesweeper())
    with jax.debug_key_reuse(True):
        state = env._env.reset(jax.random.key(7))
        for _ in range(3):
            state = env.auto_reset(state)
    return state.flat_mine_locations
