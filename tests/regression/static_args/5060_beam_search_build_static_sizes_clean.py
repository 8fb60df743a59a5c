"""Batched beam search over puzzles: `BeamSearchResult.build` is a jitted staticmethod with
static_argnums=(0, 1, 2, 3): the puzzle's State class plus beam width, depth and action count.
The class object is hashable and the three sizes are Python ints fixed by the solver builder, so
every init_loop_state call reuses one compiled builder.

Source: https://github.com/tinker495/JAxtar/blob/b0f2ba5e396ad1ec2cc4a4b95350016aebec5dcc/JAxtar/beamsearch/search_base.py#L93
Observed on jax 0.10.x: build compiled 1 times
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PuzzleState(NamedTuple):
    board: jnp.ndarray

    @classmethod
    def default(cls, shape):
        return cls(board=jnp.zeros(shape + (9,), dtype=jnp.uint8))


class BeamSearchResult(NamedTuple):
    cost: jnp.ndarray
    dist: jnp.ndarray
    parent_index: jnp.ndarray
    beam: PuzzleState
    depth: jnp.ndarray

    @staticmethod
    @partial(jax.jit, static_argnums=(0, 1, 2, 3))
    def build(statecls, beam_width: int, max_depth: int, action_size: int) -> "BeamSearchResult":
        cost = jnp.full((beam_width,), jnp.inf, dtype=jnp.float32)
        dist = jnp.full((beam_width,), jnp.inf, dtype=jnp.float32)
        parent_index = jnp.full((beam_width * action_size,), -1, dtype=jnp.int32)
        beam = statecls.default((beam_width,))
        return BeamSearchResult(cost, dist, parent_index, beam, jnp.array(max_depth, dtype=jnp.int32))


def beam_builder(statecls, batch_size=8, max_nodes=64, action_size=4):
    beam_width = batch_size
    max_depth = max(1, (max_nodes + beam_width - 1) // beam_width)

    def init_loop_state(start_board):
        result = BeamSearchResult.build(statecls, beam_width, max_depth, action_size)
        beam = PuzzleState(result.beam.board.at[0].set(start_board))
        return result._replace(beam=beam, cost=result.cost.at[0].set(0.0))

    return init_loop_state


def run():
    init_loop_state = beam_builder(PuzzleState)
    for i in range(3):
        state = init_loop_state(jnp.full((9,), i, dtype=jnp.uint8))
    return int(state.cost[0] == 0.0)
