"""The smallest inputs that once hung, crashed or misplaced results, each checked end to end."""

from __future__ import annotations

from jaxcheck.api import check_source

JITTED_PRINT = "@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


def test_module_level_global_does_not_hang_name_resolution():
    result = check_source("import jax\nglobal jax\n" + JITTED_PRINT)
    assert [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 5)]


STATIC_LIST = (
    "import jax\n# {breaks}\n\n@jax.jit(static_argnums=1)\ndef f(x, sizes):\n"
    "    for s in sizes:\n        x = x + s\n    return x\n\nf(1.0, [1, 2])\n"
)
# Characters `str.splitlines` breaks at and Python does not.
NOT_LINE_BREAKS = "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i"


def test_fixes_and_positions_count_lines_as_python_does():
    from jaxcheck.engine import EngineOptions
    from jaxcheck.fix import fix_source
    from jaxcheck.rules import all_rules

    source = STATIC_LIST.format(breaks=NOT_LINE_BREAKS)
    (finding,) = check_source(source).diagnostics
    assert (finding.line, finding.column, finding.end_line, finding.end_column) == (10, 8, 10, 14)
    outcome = fix_source("t.py", source, EngineOptions(all_rules()))
    assert outcome.fixed == source.replace("[1, 2]", "(1, 2)")
    assert outcome.error is None and len(outcome.applied) == 1


def test_positions_of_reported_nodes_match_libcst_everywhere():
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    from jaxcheck.positions import LineIndex, node_spans

    source = STATIC_LIST.format(breaks="x") + "class C:\n    if f:\n        y = (1,\n  2)\n    else:\n        pass\n"
    module = cst.parse_module(source)
    nodes: list[cst.CSTNode] = []

    class Every(cst.CSTVisitor):
        def on_visit(self, node):
            nodes.append(node)
            return True

    module.visit(Every())
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    spans = node_spans(module, nodes[1:], LineIndex(source))
    for node in nodes[1:]:
        where = expected[node]
        span = spans[node]
        assert (span.line, span.column - 1, span.end_line, span.end_column - 1) == (
            where.start.line, where.start.column, where.end.line, where.end.column,
        ), type(node).__name__
