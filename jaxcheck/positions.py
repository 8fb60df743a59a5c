"""Positions of a few nodes without computing them for the whole module.

libcst's PositionProvider generates code for the whole module while recording the range of
every node: on a 1,000-line file with one finding that is two to four times the parse itself,
and it is paid on every keystroke in the editor. Findings need the positions of a handful of
nodes, so: generate each top-level statement's code once (cheap, no bookkeeping) to learn
where it starts and what text it holds, and resolve positions only for the statements whose
text contains a wanted node's text, each as a module of its own, shifted to where it starts.
Whatever is not found that way falls back to the whole-module provider, so results are always
those of PositionProvider.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import libcst as cst
from libcst.metadata import CodeRange, CodePosition, MetadataWrapper, PositionProvider


def positions_of(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> Mapping[cst.CSTNode, CodeRange]:
    """A mapping from each of ``nodes`` (and possibly others) to its range, as PositionProvider
    gives it."""
    wanted = list(dict.fromkeys(nodes))
    found: dict[cst.CSTNode, CodeRange] = {}
    try:
        texts = {node: _code(module, node) for node in wanted}
        line = 1 + sum(_line_count(module.code_for_node(empty)) for empty in module.header)
        for statement in module.body:
            code = module.code_for_node(statement)
            pending = [n for n in wanted if n not in found and (texts[n] is None or texts[n] in code)]
            if pending:
                found.update(_resolve_statement(module, statement, line - 1, pending))
            line += _line_count(code)
            if len(found) == len(wanted):
                return found
    except RecursionError:
        pass
    return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


def _code(module: cst.Module, node: cst.CSTNode) -> str | None:
    """The node's text, or None for a node that has no code of its own (a lone ``Param`` with a
    default must be generated with its function): such a node is looked for everywhere."""
    try:
        return module.code_for_node(node) or None
    except SyntaxError:  # libcst raises CSTCodegenError, a SyntaxError, for such nodes
        return None


def _line_count(code: str) -> int:
    return len(code.splitlines(keepends=True)) if code else 0


def _resolve_statement(
    module: cst.Module, statement: cst.BaseStatement, offset: int, pending: list[cst.CSTNode]
) -> dict[cst.CSTNode, CodeRange]:
    alone = module.with_changes(header=(), body=(statement,), footer=())
    positions = MetadataWrapper(alone, unsafe_skip_copy=True).resolve(PositionProvider)
    return {
        node: CodeRange(
            CodePosition(positions[node].start.line + offset, positions[node].start.column),
            CodePosition(positions[node].end.line + offset, positions[node].end.column),
        )
        for node in pending if node in positions
    }
