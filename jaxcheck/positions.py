"""Positions as Python counts them, computed only for the nodes that are reported.

Python ends a line at ``\\r\\n``, ``\\r`` or ``\\n`` and nowhere else; ``str.splitlines`` also
breaks at ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``, U+0085, U+2028 and U+2029, so every line
and column here goes through :func:`split_lines` and :class:`LineIndex`.

libcst's ``PositionProvider`` records a range for every node of the module, which costs more
than parsing it. :func:`node_spans` regenerates the code once, counting characters, and
records ranges for the requested nodes only (and for the children whose ends they borrow).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import dataclass

import libcst as cst
from libcst._nodes.internal import CodegenState

LINE_BREAK = re.compile(r"\r\n|\r|\n")
_NO_RECORD = nullcontext()


def split_lines(text: str, keepends: bool = False) -> list[str]:
    """``text`` split where Python ends lines (``str.splitlines`` splits at more)."""
    lines = []
    start = 0
    for match in LINE_BREAK.finditer(text):
        lines.append(text[start : match.end() if keepends else match.start()])
        start = match.end()
    if start < len(text):
        lines.append(text[start:])
    return lines


class LineIndex:
    """Character offsets ↔ 1-based (line, column) of one text."""

    def __init__(self, text: str) -> None:
        self.starts = [0, *(match.end() for match in LINE_BREAK.finditer(text))]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1


@dataclass(frozen=True)
class Span:
    """1-based start and end (exclusive) of a node, as Python counts lines."""

    line: int
    column: int
    end_line: int
    end_column: int


class _AllFound(Exception):
    """Every requested node has its span: code generation stops early."""


class _Recorder:
    """What ``record_syntactic_position`` returns for a requested node."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: _SpanState, node: cst.CSTNode, start_node, end_node) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = self.state.offset

    def __exit__(self, *exc_info) -> None:
        found = self.state.found
        start = found[self.start_node][0] if self.start_node is not None else self.start
        end = found[self.end_node][1] if self.end_node is not None else self.state.offset
        found[self.node] = (start, end)
        self.state.stop_when_all_found()


class _SpanState(CodegenState):
    """Code generation that counts characters instead of keeping them."""

    def __init__(self, module: cst.Module, wanted: set[cst.CSTNode]) -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.wanted = wanted
        self.offset = 0
        self.found: dict[cst.CSTNode, tuple[int, int]] = {}
        self._starts: list[int] = []

    def add_indent_tokens(self) -> None:
        self.offset += sum(map(len, self.indent_tokens))

    def add_token(self, value: str) -> None:
        self.offset += len(value)

    def pop_trailing_newline(self) -> None:
        pass  # only the end of the last line changes; no requested node ends after it

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._starts.append(self.offset)

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self._starts.pop()
        if node in self.wanted and node not in self.found:
            self.found[node] = (start, self.offset)
            self.stop_when_all_found()

    def stop_when_all_found(self) -> None:
        """The rest of the module changes no requested span: generating it is wasted."""
        if len(self.found) == len(self.wanted):
            raise _AllFound

    def record_syntactic_position(self, node, *, start_node=None, end_node=None):  # type: ignore[override]
        if node not in self.wanted:
            return _NO_RECORD
        # The borrowed ends are generated inside this node, after this call: ask for them too.
        self.wanted.update(n for n in (start_node, end_node) if n is not None)
        return _Recorder(self, node, start_node, end_node)


def node_spans(module: cst.Module, nodes: Iterable[cst.CSTNode], index: LineIndex | None = None) -> dict[cst.CSTNode, Span]:
    """The syntactic span (whitespace around it excluded, as libcst's ``PositionProvider``) of
    each of ``nodes``, which must belong to ``module``."""
    state = _SpanState(module, set(nodes))
    if not state.wanted:
        return {}
    try:
        module._codegen(state)
    except _AllFound:
        pass
    index = index or LineIndex(module.code)
    spans = {}
    for node, (start, end) in state.found.items():
        spans[node] = Span(*index.position(start), *index.position(end))
    return spans
