"""Go game state exposes the board size as a property computed with
``int(jnp.sqrt(...).item())``; the property is read inside the jitted step.

Source: https://github.com/sotetsuk/pgx/pull/1158
"[Go] Fix ``size`` attribute jittable": ``GameState.size`` returned
``int(jnp.sqrt(self.chain_id_board.shape[-1]).astype(jnp.int32).item())``,
which cannot run under ``jit``; the fix returns the array.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GameState(NamedTuple):
    step_count: jnp.ndarray = jnp.int32(0)
    chain_id_board: jnp.ndarray = jnp.zeros(9 * 9, jnp.int32)

    @property
    def size(self) -> int:
        return int(jnp.sqrt(self.chain_id_board.shape[-1]).astype(jnp.int32).item())  # expect: JAX202


class Game:
    def step(self, state: GameState, action: jnp.ndarray) -> GameState:
        size = state.size
        row, col = action // size, action % size
        board = state.chain_id_board.at[row * size + col].set(action + 1)
        return state._replace(step_count=state.step_count + 1, chain_id_board=board)


def run():
    game = Game()
    state = GameState()
    return jax.jit(game.step)(state, jnp.int32(10))
