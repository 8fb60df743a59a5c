"""A key inside a pytree carry of a lax loop, drawn from on every iteration and handed back
unchanged, is drawn from again by the next iteration (``KeyEvents._carried``): a NamedTuple copied
with other fields replaced (`state._replace(x=...)`), one rebuilt around `state.key`, a dict
display. Split and written back (`state._replace(key=key)`), the next iteration draws anew.

Measured on jax 0.10.2 (bench/measure_pytree_carry_keys.py): the three first loops draw equal
numbers on all 4 iterations; the split one does not.
"""

from __future__ import annotations

import pathlib

from tests.analysis.test_key_flow import key_findings

MEASURED = (pathlib.Path(__file__).parents[2] / "bench" / "measure_pytree_carry_keys.py").read_text()


def test_keys_handed_back_in_pytree_carries_are_reported_and_the_advanced_one_is_not(tmp_path):
    # the measurement script itself: `replaced`, `rebuilt` and `in_dict` draw the same numbers
    # each iteration, `advanced` splits and writes the key back
    assert key_findings(tmp_path, {"loops.py": MEASURED}) == [
        ("loops.py", 26, "JAX503"), ("loops.py", 37, "JAX503"), ("loops.py", 42, "JAX503"),
    ]


def test_a_dataclass_replace_leaving_the_key_is_reported(tmp_path):
    source = """
        import dataclasses

        import jax


        @dataclasses.dataclass(frozen=True)
        class State:
            x: jax.Array
            rng: jax.Array


        def body(i, state):
            noise = jax.random.normal(state.rng, state.x.shape)
            return dataclasses.replace(state, x=state.x + noise)


        def run(state):
            return jax.lax.fori_loop(0, 3, body, state)
    """
    assert key_findings(tmp_path, {"main.py": source}) == [("main.py", 13, "JAX503")]
    advanced = source.replace(
        "noise = jax.random.normal(state.rng, state.x.shape)",
        "rng, sub = jax.random.split(state.rng)\n            noise = jax.random.normal(sub, state.x.shape)",
    ).replace("x=state.x + noise)", "x=state.x + noise, rng=rng)")
    assert key_findings(tmp_path, {"main.py": advanced}) == []
