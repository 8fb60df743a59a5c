"""A jitted agent step offsets a static `arange` by the traced index (the fix).

Source: https://github.com/jax-ml/jax/issues/19433
Look-alike of the report with the workaround from the thread,
`np.arange(-1, 1) + x[0]`: the window has a static length and only its
offset is traced.

Observed on jax 0.10.2: runs
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class AgentState(NamedTuple):
    pos: jax.Array      # int32[1]
    energy: jax.Array   # float32[]


def neighbourhood(grid, pos):
    cells = jnp.arange(-1, 2) + pos[0]
    return grid[jnp.clip(cells, 0, grid.shape[0] - 1)]


@jax.jit
def step(state: AgentState, grid):
    view = neighbourhood(grid, state.pos)
    move = jnp.argmax(view) - 1
    pos = jnp.clip(state.pos + move, 0, grid.shape[0] - 1)
    return AgentState(pos, state.energy + grid[pos[0]])


def run():
    grid = jnp.sin(jnp.arange(32.0))
    state = AgentState(jnp.array([5], dtype=jnp.int32), jnp.float32(0.0))
    for _ in range(3):
        state = step(state, grid)
    return state.energy
