"""What `jax.tree_util.tree_map` returns in a traced body: the first tree's structure (dicts with
known keys, tuples, lists, `None`), each leaf what the function makes of the matching leaves
(`_map_leaves` in analysis/interpret/library.py). Measured on jax 0.10.2
(bench/measure_tree_map_weak_types.py): a jitted step mapping `a + normal(k)` over a dict that
started as `{"mu": 0.0}` hands back a strongly typed float32 leaf, and compiles twice over 3
calls fed back its output."""

from __future__ import annotations

from test_crossmodule import findings, write

STEP = """
    from typing import NamedTuple

    import jax
    from jax import random


    class State(NamedTuple):
        z: dict
        key: jax.Array


    @jax.jit
    def step(state):
        key, k = random.split(state.key)
        return State(jax.tree_util.tree_map(lambda a, b: a + b * %s, state.z, state.z), key)


    def run(key):
        state = State(z={"mu": %s, "sigma": None}, key=key)
        for _ in range(3):
            state = step(state)
        return state
"""


def drifts(root):
    # one key for every leaf is key-reused-in-loop (JAX503), another finding
    return [found for found in findings(root) if found[2] == "JAX406"]


def test_a_leaf_mapped_through_a_draw_comes_back_strongly_typed(tmp_path):
    write(tmp_path, {"main.py": STEP % ("random.normal(k)", "0.0")})
    assert drifts(tmp_path) == [("main.py", 21, "JAX406")]


def test_a_leaf_mapped_through_weak_arithmetic_stays_weak(tmp_path):
    write(tmp_path, {"main.py": STEP % ("0.5", "0.0")})
    assert drifts(tmp_path) == []


def test_a_strongly_typed_start_keeps_its_type(tmp_path):
    write(tmp_path, {"main.py": STEP % ("random.normal(k)", "jax.numpy.float32(0.0)")})
    assert drifts(tmp_path) == []
