"""Positions as Python counts them, computed only for the nodes that are reported.

Python ends a line at ``\\r\\n``, ``\\r`` or ``\\n`` and nowhere else; ``str.splitlines`` also
breaks at ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``, U+0085, U+2028 and U+2029, so every line
and column here goes through :func:`split_lines` and :class:`LineIndex`.

libcst's ``PositionProvider`` records a range for every node of the module, which costs more
than parsing it. :func:`node_spans` regenerates the code once, counting characters, and
records ranges for the requested nodes only (and for the children whose ends they borrow).

libcst regenerates the text it parsed exactly, but for a ``\\r`` that ends the file (dropped,
after every node). The text it parses is not always the source: libcst cannot read every form
feed in indentation (it writes a block's indentation from its first line, and a nested block
whose first line starts with a form feed does not parse), so :func:`jaxcheck.parsing.for_libcst`
removes what precedes the last form feed of each line's indentation, which CPython ignores
(it counts indentation from there; measured with ``ast``). Where the source has a form feed,
counted positions are moved from libcst's lines to the source's, which differ in indentation
only (:class:`_SourceColumns`); ``tests/test_position_fuzz.py`` checks it.
"""

from __future__ import annotations

import bisect
import dataclasses
import difflib
import re
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass

import libcst as cst
from libcst._nodes.internal import CodegenState

LINE_BREAK = re.compile(r"\r\n|\r|\n")
# What CPython's tokenizer accepts as indentation; libcst rewrites only these characters.
_INDENTATION = re.compile(r"[ \t\x0c]*")
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
        self.text = text
        self.starts = [0, *(match.end() for match in LINE_BREAK.finditer(text))]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1

    def line_text(self, line: int) -> str:
        """Line ``line`` (1-based) without its line break."""
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        return LINE_BREAK.sub("", self.text[start:end], count=1) if end > start else ""


class _SourceColumns:
    """Positions in libcst's regenerated code moved to the source it was parsed from.

    The two have the same lines and differ only in indentation (see the module's docstring); a
    line that differs otherwise (none is known) is aligned character by character.
    """

    def __init__(self, generated: str, source: LineIndex) -> None:
        self.generated = LineIndex(generated)
        self.source = source

    def position(self, offset: int) -> tuple[int, int]:
        line, column = self.generated.position(offset)
        if line > len(self.source.starts):
            return line, column
        written, read = self.generated.line_text(line), self.source.line_text(line)
        if written == read:
            return line, column
        written_indent = _INDENTATION.match(written).end()  # type: ignore[union-attr]
        read_indent = _INDENTATION.match(read).end()  # type: ignore[union-attr]
        if written[written_indent:] == read[read_indent:]:
            return line, max(column - written_indent + read_indent, 1)
        return line, _aligned_column(written, read, column)


def _aligned_column(written: str, read: str, column: int) -> int:
    """The column of ``read`` holding the character at ``column`` of ``written``."""
    for tag, w_start, w_end, r_start, r_end in difflib.SequenceMatcher(None, written, read, autojunk=False).get_opcodes():
        if w_start <= column - 1 < w_end or (column - 1 == w_end == len(written)):
            inside = min(column - 1 - w_start, r_end - r_start) if tag != "equal" else column - 1 - w_start
            return r_start + inside + 1
    return len(read) + 1


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


_fields_by_type: dict[type, tuple[str, ...]] = {}


def all_nodes(*roots: Iterable[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    """Every node under ``roots``, formatting included."""
    stack = [node for root in roots for node in root]
    while stack:
        node = stack.pop()
        yield node
        kind = type(node)
        names = _fields_by_type.get(kind)
        if names is None:
            names = _fields_by_type[kind] = tuple(f.name for f in dataclasses.fields(kind))
        for name in names:
            value = getattr(node, name)
            if isinstance(value, cst.CSTNode):
                stack.append(value)
            elif isinstance(value, (tuple, list)):
                stack.extend(item for item in value if isinstance(item, cst.CSTNode))


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
    locate: LineIndex | _SourceColumns = index
    if "\x0c" in index.text:
        generated = module.code
        if generated != index.text:
            locate = _SourceColumns(generated, index)
    spans = {}
    for node, (start, end) in state.found.items():
        spans[node] = Span(*locate.position(start), *locate.position(end))
    return spans


class ProtocolPositions:
    """One text's positions as the Language Server Protocol counts them, converted to and from
    jaxcheck's: the one place where the two meet.

    The protocol ends lines at ``\\n``, ``\\r\\n`` and ``\\r``, as Python does (so a line of a
    finding is the client's line less one), and counts characters in the units the client and
    server agreed on (``positionEncoding``): UTF-16 code units unless ``utf-8`` or ``utf-32``
    was chosen. jaxcheck's columns count code points from 1.
    """

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.index = LineIndex(text)
        self.units = _UNIT_COUNTERS.get(str(encoding), _utf16_units)

    def position(self, line: int, column: int) -> tuple[int, int]:
        """The protocol's (line, character) of jaxcheck's 1-based ``line`` and ``column``."""
        if line > len(self.index.starts):
            return len(self.index.starts) - 1, self.units(self.index.line_text(len(self.index.starts)))
        text = self.index.line_text(line)
        return line - 1, self.units(text[: column - 1])

    def offset(self, line: int, character: int) -> int:
        """The offset into the text of the protocol's position; past the end of a line is its
        end, past the last line the end of the text (as the protocol says)."""
        if line >= len(self.index.starts):
            return len(self.index.text)
        text = self.index.line_text(line + 1)
        counted = column = 0
        for char in text:
            if counted >= character:
                break
            counted += self.units(char)
            column += 1
        return self.index.starts[line] + column

    def line_end(self, line: int) -> tuple[int, int]:
        """The protocol's position of the end (before the line break) of jaxcheck's ``line``."""
        return self.position(line, len(self.index.line_text(line)) + 1)


def _utf16_units(text: str) -> int:
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def _utf8_units(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


_UNIT_COUNTERS = {"utf-16": _utf16_units, "utf-8": _utf8_units, "utf-32": len}
