"""Serializers that write to a file object (`pickle.dump`, `json.dump`) in a jitted body are
host I/O: they run at trace time only (tests/regression/purity/1830, a checkpoint pickled inside
a `lax.scan` body). JAX102.
"""

from __future__ import annotations

import pytest

from tests.analysis.test_unroll_raising_body import codes, executed

SERIALIZED_CHECKPOINT = """
import io
import json
import pickle

import jax
import jax.numpy as jnp

SINK = io.BytesIO()
LOG = io.StringIO()


@jax.jit
def step(x):
    pickle.dump({"step": 1}, SINK)
    json.dump({"step": 1}, LOG)
    return x * 2


def run():
    for _ in range(3):
        step(jnp.ones(2))
    return SINK.getvalue().count(pickle.dumps({"step": 1})), LOG.getvalue().count("step")
"""


def test_serializers_writing_a_file_are_host_io() -> None:
    assert {(14, "JAX102"), (15, "JAX102")} <= set(codes(SERIALIZED_CHECKPOINT))


@pytest.mark.slow
def test_serializers_on_jax() -> None:
    pytest.importorskip("jax")
    # measured on jax 0.10.2: each writes once over three calls
    assert executed(SERIALIZED_CHECKPOINT)["run"]() == (1, 1)
