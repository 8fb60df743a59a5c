"""The numbers a host loop sweeps over, when the analysis knows them all (a static argument
given each of them compiles once per number: measured on jax 0.10.2, `for n in (10, 100, 1000,
10000)` at `static_argnums=1` compiles 4 times in 4 calls)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.analysis import ModuleFacts
from jaxcheck.analysis.host.sweeps import swept_numbers


def sweeps(source: str) -> list:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    return [swept_numbers(facts, site.node) for site in facts.sites(cst.For)]


@pytest.mark.parametrize(
    "source, numbers",
    [
        ("for n in (10, 100, 1000):\n    print(n)\n", (10, 100, 1000)),
        ("SCALES = [5.0, 7.5, 10.0]\nfor s in SCALES:\n    print(s)\n", (5.0, 7.5, 10.0)),
        (
            """
            def sweep(sizes=(10, 100)):
                for n in sizes:
                    print(n)

            sweep()
            """,
            (10, 100),
        ),
        (
            """
            def sweep(horizons):
                for n in horizons:
                    print(n)

            def run():
                sweep([25, 50, 100, 200])

            run()
            """,
            (25, 50, 100, 200),
        ),
    ],
)
def test_known_numbers_all_different(source, numbers):
    assert sweeps(source) == [numbers]


@pytest.mark.parametrize(
    "iterable",
    [
        '("train", "eval")',  # modes: code selected, not a number that could be traced
        "(True, False)",
        "(1, 1, 2)",  # a value seen twice hits the cache
        "(4,)",
        "range(3)",  # a counting loop: told apart elsewhere
        "batches",  # unknown
    ],
)
def test_not_a_sweep(iterable):
    assert sweeps(f"def f(batches):\n    for n in {iterable}:\n        print(n)\n") == [None]
