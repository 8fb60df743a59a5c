import dataclasses

import jax
import jax.numpy as jnp

from .state import BackgammonState


def init(key):
    board = jnp.zeros(28, dtype=jnp.int32)
    return BackgammonState(board, jnp.zeros(2, jnp.int32), jnp.int32(0), key)


def _roll_dice(rng_key):
    dice = jax.random.randint(rng_key, (2,), 1, 7)
    return dice, rng_key  # expect: JAX505


@jax.jit
def step(state, action):
    dice, rng_key = _roll_dice(state.rng_key)
    board = state.board.at[action].add(1)
    return dataclasses.replace(state, board=board, dice=dice,
                               turn=1 - state.turn, rng_key=rng_key)
