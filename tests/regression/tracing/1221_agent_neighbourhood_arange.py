"""A jitted agent step builds its neighbourhood with `arange` around a traced index.

Source: https://github.com/jax-ml/jax/issues/19433
The reporter wrote `@jit def f(x): return np.arange(x[0] - 1, x[0] + 1)`,
expecting a length-2 array, and asked why JIT rejects it although "arange
always returns an array of length 2".  jakevdp: the length depends on the
values in `x`, which are not known at compile time; the workaround from the
thread is `np.arange(-1, 1) + x[0]`.

Here a grid-world agent whose position lives in a state pytree reads the
three cells around it.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class AgentState(NamedTuple):
    pos: jax.Array      # int32[1]
    energy: jax.Array   # float32[]


def neighbourhood(grid, pos):
    cells = jnp.arange(pos[0] - 1, pos[0] + 2)  # expect: JAX204
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
