"""`node_spans` gives exactly what libcst's PositionProvider gives, for every node."""

from __future__ import annotations

import pathlib

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxcheck.positions import LineIndex, all_nodes, node_spans


def positions_of(module: cst.Module, nodes: list[cst.CSTNode], source: str) -> dict:
    """Spans in PositionProvider's terms: 1-based lines, 0-based columns."""
    spans = node_spans(module, nodes, LineIndex(source))
    return {node: (s.line, s.column - 1, s.end_line, s.end_column - 1) for node, s in spans.items()}


def _provider_tuple(code_range) -> tuple[int, int, int, int]:
    return (code_range.start.line, code_range.start.column, code_range.end.line, code_range.end.column)

TRICKY = [
    "#!/usr/bin/env python\n# header comment\n\n\nimport jax\n\n\n@jax.jit\ndef f(x, n=3, *, k: int = 2):\n    a = 1; b = 2\n    return x  # trailing\n\n# footer\n",
    "import jax\r\n\r\n@jax.jit\r\ndef f(x):\r\n    print(x)\r\n    return x\r\n",
    '"""doc"""\nimport jax\nclass A:\n    @staticmethod\n    def g(y=[1, 2]):\n        return [i for i in y if i]\n\n\n\nprint(A.g())\n',
    "x = 1\nif x:\n    pass\nelse:\n    y = (1,\n         2)\n",
    "",
    "# only a comment\n",
    "import jax\n\x0c\nx = 1; y = 2\n# c\n\n@jax.jit\n# between\n@jax.vmap\ndef f(x):\n    return x\n\x0c\nz = f(x)  # end\n",
    "if True:\n    a = 1\nelse:\n    a = 2\n# trailing comment\n",
]


class _Everything(cst.CSTVisitor):
    def __init__(self) -> None:
        self.nodes: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if not isinstance(node, cst.Module):  # never reported: findings sit on its parts
            self.nodes.append(node)
        return True


def _same_as_provider(source: str, one_at_a_time: bool = True) -> None:
    module = cst.parse_module(source)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    visitor = _Everything()
    module.visit(visitor)
    together = positions_of(module, visitor.nodes[::7], source)
    for node in visitor.nodes[::7]:
        assert together[node] == _provider_tuple(expected[node]), (type(node).__name__, module.code_for_node(node))
    for node in visitor.nodes if one_at_a_time else ():
        assert positions_of(module, [node], source)[node] == _provider_tuple(expected[node]), (type(node).__name__, module.code_for_node(node))


@pytest.mark.parametrize("source", TRICKY)
def test_every_node_of_tricky_sources(source):
    _same_as_provider(source)


def test_every_node_of_the_examples():
    for path in sorted(pathlib.Path(__file__).parents[1].joinpath("examples").rglob("*_bad.py")):
        _same_as_provider(path.read_text(encoding="utf-8"), one_at_a_time=False)


def test_the_validators_planner_places_nodes_where_the_check_does():
    """The validator finds the code of a finding by its position: the same positions as the
    check's, form feeds in the indentation included."""
    from jaxcheck.api import check_source
    from jaxcheck.runtime.locate import ModulePlanner

    source = (
        "\x0cimport jax\n\x0cimport os\n\n\nclass Runner:\n    @jax.jit\n    def step(self, x):\n"
        "\x0c        y = x + 1\n        print(y)\n        return y\n"
    )
    (finding,) = check_source(source, "m.py").diagnostics
    planner = ModulePlanner(source)
    printed = next(n for n in all_nodes(planner.module.body) if isinstance(n, cst.Call) and getattr(n.func, "value", "") == "print")
    assert planner.span(printed) == (finding.line, finding.column, finding.end_line, finding.end_column)
    assert planner.innermost_function(finding.line, finding.column).name == "step"
