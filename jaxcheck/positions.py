"""Positions of a few nodes without computing them for the whole module.

libcst's PositionProvider generates code for the whole module while recording the range of
every node: on a 1,000-line file with one finding that is two to four times the parse itself,
and it is paid on every keystroke in the editor. Findings need the positions of a handful of
nodes, so: learn where each top-level statement starts and ends from Python's own parser (C
speed), look for a wanted node's text in the lines of each statement, and resolve positions
only for the statements that hold it, each as a module of its own, shifted to where it starts.
Whatever is not found that way falls back to the whole-module provider, so results are always
those of PositionProvider.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Iterable, Mapping

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def python_lines(source: str) -> list[str]:
    """Lines as Python counts them, endings kept: unlike ``str.splitlines``, a form feed or a
    ``\x1c`` inside a line does not end it."""
    return _LINE.findall(source)


def positions_of(module: cst.Module, nodes: Iterable[cst.CSTNode], source: str) -> Mapping[cst.CSTNode, CodeRange]:
    """A mapping from each of ``nodes`` (and possibly others) to its range, as PositionProvider
    gives it; ``source`` is the text ``module`` was parsed from."""
    wanted = list(dict.fromkeys(nodes))
    spans = _statement_spans(module, source)
    if spans is not None:
        lines = python_lines(source)
        texts = {node: _code(module, node) for node in wanted}
        found: dict[cst.CSTNode, CodeRange] = {}
        for statement, (first, last) in zip(module.body, spans):
            text = "".join(lines[max(first - 1 - len(statement.leading_lines), 0):last])
            pending = [n for n in wanted if n not in found and (texts[n] is None or texts[n] in text)]
            if pending:
                offset = first - 1 - len(statement.leading_lines)
                found.update(_resolve_statement(module, statement, offset, pending))
            if len(found) == len(wanted):
                return found
    return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


def _statement_spans(module: cst.Module, source: str) -> list[tuple[int, int]] | None:
    """(first, last) line of each top-level statement of ``module`` (its own lines, without the
    comments and blank lines before it), or None when Python's parser does not agree with
    libcst's on how many statements there are."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences and the like
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    spans: list[tuple[int, int]] = []
    for statement in tree.body:
        decorators = getattr(statement, "decorator_list", None) or []
        first = min([statement.lineno, *(d.lineno for d in decorators)])
        last = statement.end_lineno or statement.lineno
        if spans and first == spans[-1][0]:  # `a = 1; b = 2` is one libcst statement
            spans[-1] = (first, max(last, spans[-1][1]))
        else:
            spans.append((first, last))
    return spans if len(spans) == len(module.body) else None


def _code(module: cst.Module, node: cst.CSTNode) -> str | None:
    """The node's text, or None for a node that has no code of its own (a lone ``Param`` with a
    default must be generated with its function): such a node is looked for everywhere."""
    try:
        return module.code_for_node(node).strip() or None
    except SyntaxError:  # libcst's CSTCodegenError
        return None


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
