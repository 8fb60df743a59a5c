"""The carry of a lax loop as jax settles its weak types (`join_carry`), and the drift that
follows when a jitted step fed back its own output started from Python scalars (JAX406).
Measured on jax 0.10.2 (bench/measure_carry_weak_types.py): a weak carry meeting a strongly
typed body result comes out strong (scan, fori_loop, while_loop); a strong carry stays strong;
weak meeting weak stays weak. A jitted step scanning such a carry, with metrics starting `0.0`
and `0` and fed back its output, compiles twice over 3 calls; starting from `jnp.float32(0)`
and `jnp.int32(0)`, once."""

from __future__ import annotations

import pytest

from jaxcheck.analysis.values import Mapping, Tracer, join_carry
from test_crossmodule import findings, write


def test_a_weak_start_meeting_a_strong_result_is_strong_of_that_dtype():
    settled = join_carry(Tracer((), "int32", True), Tracer(None, "float32", False))
    assert (settled.shape, settled.dtype, settled.weak) == ((), "float32", False)


def test_a_strong_start_keeps_its_dtype_and_shape():
    settled = join_carry(Tracer((3,), "float32", False), Tracer(None, None, None))
    assert (settled.shape, settled.dtype, settled.weak) == ((3,), "float32", False)


def test_weak_meeting_weak_stays_weak_and_leaves_are_settled_inside_containers():
    start = Mapping((("ret", Tracer((), "float32", True)), ("len", Tracer((), "int32", True))))
    back = Mapping((("ret", Tracer((), "float32", False)), ("len", Tracer((), "int32", True))))
    settled = dict(join_carry(start, back).entries)
    assert settled["ret"].weak is False and settled["len"].weak is True


LEARNER = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def learn(state):
        def body(carry, _):
            reward = jnp.sum(carry["obs"]).astype(jnp.float32)
            metrics = {"ret": carry["metrics"]["ret"] + reward, "len": carry["metrics"]["len"] + jnp.int32(1)}
            return {"obs": carry["obs"] * 0.5, "metrics": metrics}, reward

        state, _ = jax.lax.scan(body, state, None, length=4)
        return state

    def run():
        state = {"obs": jnp.ones(3), "metrics": {"ret": %s, "len": %s}}
        for _ in range(3):
            state = learn(state)
"""


@pytest.mark.parametrize("start, found", [
    (("0.0", "0"), [("main.py", 17, "JAX406")]),
    (("jnp.float32(0)", "jnp.int32(0)"), []),
])
def test_a_scanned_carry_started_from_python_scalars_drifts_once(tmp_path, start, found):
    write(tmp_path, {"main.py": LEARNER % start})
    assert findings(tmp_path) == found
