"""`positions_of` gives exactly what libcst's PositionProvider gives, for every node."""

from __future__ import annotations

import pathlib

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxcheck.positions import positions_of

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
        self.nodes.append(node)
        return True


def _same_as_provider(source: str, one_at_a_time: bool = True) -> None:
    module = cst.parse_module(source)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    visitor = _Everything()
    module.visit(visitor)
    together = positions_of(module, visitor.nodes[::7], source)
    for node in visitor.nodes[::7]:
        assert together[node] == expected[node], (type(node).__name__, module.code_for_node(node))
    for node in visitor.nodes if one_at_a_time else ():
        assert positions_of(module, [node], source)[node] == expected[node], (type(node).__name__, module.code_for_node(node))


@pytest.mark.parametrize("source", TRICKY)
def test_every_node_of_tricky_sources(source):
    _same_as_provider(source)


def test_every_node_of_the_examples():
    for path in sorted(pathlib.Path(__file__).parents[1].joinpath("examples").rglob("*_bad.py")):
        _same_as_provider(path.read_text(encoding="utf-8"), one_at_a_time=False)
