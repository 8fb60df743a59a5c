"""What `jax.tree_util.tree_map` returns inside a jitted step: the structure of its first tree,
each leaf what the function makes of it (`_map_leaves` in analysis/interpret/library.py). A
state whose dict holds a Python float (weakly typed when passed) comes back holding a strongly
typed array once the step adds a draw to it, so the next call compiles again.
Run: python bench/measure_tree_map_weak_types.py

Measured on jax 0.10.2 (CPU):
    state.z["mu"] after each of 3 steps: float32, weak_type False (passed in weakly typed)
    state.i (Python 0, then `i + 1`): int32, weak_type True each time
    compiles of the step over 3 calls: 2
"""

from __future__ import annotations

from typing import NamedTuple

import jax
from jax import random


class State(NamedTuple):
    i: jax.Array
    z: dict
    key: jax.Array


_TRACES = [0]


@jax.jit
def step(state):
    _TRACES[0] += 1
    key, k = random.split(state.key)
    z = jax.tree_util.tree_map(lambda a: a + random.normal(k), state.z)
    return State(state.i + 1, z, key)


if __name__ == "__main__":
    state = State(i=0, z={"mu": 0.0}, key=random.PRNGKey(0))
    for _ in range(3):
        state = step(state)
        mu = state.z["mu"]
        print(f'state.z["mu"]: {mu.dtype}, weak_type {mu.weak_type}; state.i: {state.i.dtype}, weak_type {state.i.weak_type}')
    print("compiles of the step over 3 calls:", _TRACES[0])
