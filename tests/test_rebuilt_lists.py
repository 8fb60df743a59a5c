"""JAX404 on a Python list (issue 23, cleanba): a list bound afresh on each iteration and filled by
a fixed number of appends has the same length at every call (jit compiles once); one that grows
across the calls, or whose appends depend on the iteration, is reported."""

from __future__ import annotations

import textwrap

from jaxcheck.api import check_source
from test_static_field_reads import run_bench

HEADER = """\
import jax
import jax.numpy as jnp


@jax.jit
def prepare(storage):
    return jnp.stack(storage).sum(0)


def rollout(num_updates, num_steps, obs):
"""


def lines(body: str) -> list[int]:
    source = HEADER + textwrap.indent(textwrap.dedent(body), "    ")
    return [d.line for d in check_source(source).diagnostics if d.code == "JAX404"]


def test_a_list_rebuilt_with_a_fixed_number_of_appends_is_quiet():
    assert lines("""\
        for update in range(num_updates):
            storage = []
            for _ in range(0, num_steps):
                storage.append(obs * update)
            prepare(storage)
        """) == []


def test_appends_that_depend_on_the_iteration_are_reported():
    assert lines("""\
        for update in range(num_updates):
            storage = []
            for step in range(num_steps):
                if step % (update + 1) == 0:
                    storage.append(obs)
            prepare(storage)
        """) == [16]
    assert lines("""\
        for update in range(num_updates):
            storage = []
            n = update * 2
            for _ in range(n):
                storage.append(obs)
            prepare(storage)
        """) == [16]


def test_a_list_grown_across_the_calls_is_reported():
    assert lines("""\
        for update in range(num_updates):
            storage = []
            for _ in range(num_steps):
                storage.append(obs)
                prepare(storage)
        """) == [15]
    assert lines("""\
        storage = []
        for update in range(num_updates):
            storage.append(obs)
            prepare(storage)
        """) == [14]


def test_measured_on_jax(capsys):
    assert run_bench("rebuilt_list_compiles", capsys) == [
        "rebuilt per iteration: 1 compile(s) over 5 calls", "grown across iterations: 5 compile(s) over 5 calls",
    ]
