"""Re-parsing only the top-level statements an edit touched (the language server's parse).

libcst parses a module statement by statement, and the tree of a top-level statement does not
depend on its neighbours, with four exceptions handled here:

- lines between two statements belong to the next one (its ``leading_lines``), except that a
  block also takes the lines after it up to its last *indented* comment (its ``footer``);
- lines before the first statement are the module's ``header``, lines after the last its
  ``footer``;
- an indented block records its indentation only where it differs from the module's default
  (the file's first indentation), and a line break only where it differs from the file's first;
- ``from __future__`` imports are only legal at the top of a file.

A document is held as *chunks*: runs of top-level statements with the text they were parsed
from. Chunks are split only where every line between two statements is empty or a comment at
column 0, so those lines always belong to the next statement. On a change, the text common to
the old and the new version at both ends is found; chunks lying wholly in it keep their trees
(the same node objects), and the span of chunks the change touches is parsed again on its own
(CPython's parser first, as for a whole file, then libcst), with the file's indentation and
line break. Where the span cannot stand alone (it is not Python by itself, its first or last
lines would belong to a neighbour, it holds a ``from __future__`` import, or the file's first
indentation or line break changed), the neighbours are taken in or the whole file is parsed:
the tree is always the one a full parse gives (``tests/test_server_incremental.py`` compares
them on real files under random edits).

Positions are computed the same way: only the chunks holding the reported nodes are generated
again (see :func:`jaxcheck.positions.node_spans`), each from its own first line.
"""

from __future__ import annotations

import ast
import dataclasses
import io
import re
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import libcst as cst

from .diagnostics import FileError
from .parsing import parse_valid, python_ast, run_deep
from .positions import LINE_BREAK, LineIndex, Span, node_spans, split_lines

# A line of only a backslash: libcst drops it (its code is no longer the text), so positions
# differ between a whole parse and parts; such files are always parsed whole.
_LONE_BACKSLASH = re.compile(r"^[ \t\f]*\\(?:\r\n|\r|\n|$)", re.MULTILINE)
# A line between two statements that surely belongs to the next one.
_FREE_LINE = re.compile(r"(?:#[^\r\n]*)?(?:\r\n|\r|\n)?")
_NEEDS_PREVIOUS, _NEEDS_NEXT = "previous", "next"
# Neighbouring chunks taken into a re-parsed span before the whole file is parsed instead.
_MAX_WIDENING = 4


@dataclass(frozen=True, eq=False)
class _Chunk:
    """Top-level statements parsed from ``text``, which starts at ``start`` (line ``line``)."""

    start: int
    line: int
    text: str
    statements: tuple[cst.BaseStatement, ...]
    header: tuple[cst.EmptyLine, ...] = ()  # the module's, when the chunk starts the file
    footer: tuple[cst.EmptyLine, ...] = ()  # the module's, when the chunk ends the file
    has_trailing_newline: bool = True
    nodes: dict = dataclasses.field(default_factory=dict)  # id → every node of the chunk, filled on demand
    spans: dict = dataclasses.field(default_factory=dict)  # id → (node, span within the chunk) found so far

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    @property
    def line_breaks(self) -> int:
        return len(LINE_BREAK.findall(self.text))


class IncrementalParser:
    """One document's parse, kept between versions: :meth:`parse` re-parses what changed.

    Give it to ``api.check_source(..., parser=...)``; a parser serves one document.
    """

    def __init__(self) -> None:
        self._source: str | None = None
        self._module: cst.Module | None = None
        self._chunks: list[_Chunk] | None = None
        self._indent: tuple[str, int] | None = None  # the file's first indentation and its line
        self._fresh: set[int] = set()  # the chunks the last parse made
        self.reparsed_statements = 0  # by the last parse: for tests and the benchmark
        self.full_parses = 0

    def parse(self, path: str, source: str) -> cst.Module | FileError:
        """The module of ``source``, equal to ``parsing.parse(path, source)``."""
        return run_deep(self._parse, path, source)

    def _parse(self, path: str, source: str) -> cst.Module | FileError:
        if source == self._source and self._module is not None:
            self.reparsed_statements = 0
            return self._module
        if self._chunks is not None and self._source is not None and _may_split(source):
            module = self._update(path, source)
            if module is not None:
                return module
        return self._parse_whole(path, source)

    def _parse_whole(self, path: str, source: str) -> cst.Module | FileError:
        self.full_parses += 1
        tree = python_ast(path, source)
        module = tree if isinstance(tree, FileError) else parse_valid(path, source)
        if isinstance(module, FileError):
            return module  # the next version is compared with the last one that parsed
        assert isinstance(tree, ast.Module)
        self.reparsed_statements = len(module.body)
        self._source, self._module, self._chunks = source, module, None
        self._indent = _first_indent(source)
        if self._indent is not None and self._indent[0] != module.default_indent:
            return module  # tokenize and libcst disagree: no incremental parses of this file
        if self._indent is None and module.default_indent != "    ":
            return module
        spans = _chunk_lines(split_lines(source, keepends=True), tree, at_file_start=True)
        if isinstance(spans, list) and _may_split(source) and len(module.body) == sum(count for _, _, count in spans):
            self._chunks = _chunks_of(module, source, spans)
            self._fresh = {id(chunk) for chunk in self._chunks}
        return module

    # -- a change ---------------------------------------------------------------------------------

    def _update(self, path: str, source: str) -> cst.Module | None:
        old, chunks = self._source, self._chunks
        assert old is not None and chunks is not None and self._module is not None
        prefix = _common_prefix(old, source)
        suffix = _common_suffix(old, source, min(len(old), len(source)) - prefix)
        changed_end = len(old) - suffix
        first = next((i for i, c in enumerate(chunks) if c.end >= prefix), len(chunks) - 1)
        last = max(first, max((i for i, c in enumerate(chunks) if c.start <= changed_end), default=first))
        delta = len(source) - len(old)
        newline = _first_line_break(source)
        if newline != self._module.default_newline:
            return None
        for _ in range(_MAX_WIDENING):
            outcome = self._reparse(path, source, chunks, first, last, delta, newline)
            if outcome == _NEEDS_PREVIOUS and first > 0:
                first -= 1
            elif outcome == _NEEDS_NEXT and last < len(chunks) - 1:
                last += 1
            elif isinstance(outcome, list):
                return self._assemble(source, chunks[:first], outcome, chunks[last + 1 :], delta)
            else:
                return None
        return None

    def _reparse(self, path, source, chunks, first, last, delta, newline) -> list[_Chunk] | str | None:
        """The new chunks replacing ``chunks[first:last + 1]``, or which neighbour they need."""
        start, end = chunks[first].start, chunks[last].end + delta
        region = source[start:end]
        if "__future__" in region:
            return None
        tree = python_ast(path, region)
        if isinstance(tree, FileError):
            return None
        lines = split_lines(region, keepends=True)
        spans = _chunk_lines(lines, tree, at_file_start=start == 0)
        if not isinstance(spans, list):
            return spans
        if not self._indent_unchanged(source, chunks[first].line):
            return None
        indent = self._indent[0] if self._indent is not None else "    "
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line))
        new = []
        for first_line, last_line, _ in spans:
            text = region[offsets[first_line - 1] : offsets[last_line]]
            at = start + offsets[first_line - 1]
            chunk = _parse_chunk(text, at, chunks[first].line + first_line - 1, indent, newline, at == 0, at + len(text) == len(source))
            if not isinstance(chunk, _Chunk):
                return chunk
            new.append(chunk)
        self.reparsed_statements = sum(len(c.statements) for c in new)
        return new

    def _indent_unchanged(self, source: str, changed_line: int) -> bool:
        """Whether the file's first indentation is still the one the kept chunks were parsed with."""
        if self._indent is not None and changed_line > self._indent[1]:
            return True
        now = _first_indent(source)
        return now == self._indent or (now is not None and self._indent is not None and now[0] == self._indent[0])

    def _assemble(self, source: str, before: list[_Chunk], new: list[_Chunk], after: list[_Chunk], delta: int) -> cst.Module:
        shift = 0
        if after:
            shift = (new[-1].line + new[-1].line_breaks) - after[0].line
        after = [dataclasses.replace(c, start=c.start + delta, line=c.line + shift, nodes=c.nodes, spans=c.spans) for c in after]
        chunks = before + new + after
        module = self._module
        assert module is not None
        module = cst.Module(
            body=[statement for chunk in chunks for statement in chunk.statements],
            header=chunks[0].header,
            footer=chunks[-1].footer,
            encoding=module.encoding,
            default_indent=module.default_indent,
            default_newline=module.default_newline,
            has_trailing_newline=chunks[-1].has_trailing_newline,
        )
        self._source, self._module, self._chunks = source, module, chunks
        self._fresh = {id(chunk) for chunk in new}
        if self._indent is not None and new[0].line <= self._indent[1]:
            self._indent = _first_indent(source)
        return module

    # -- positions --------------------------------------------------------------------------------

    def node_spans(self, module: cst.Module, nodes: Iterable[cst.CSTNode], index: LineIndex | None = None) -> dict[cst.CSTNode, Span]:
        """:func:`jaxcheck.positions.node_spans`, generating only the chunks that hold ``nodes``
        (and once per chunk: its spans are kept while it is)."""
        nodes = list(nodes)
        chunks = self._chunks
        if module is not self._module or chunks is None:
            return node_spans(module, nodes, index)
        # Chunks kept from an earlier version are indexed once; new ones are only generated,
        # and only while a node is still to be found.
        for chunk in chunks:
            if not chunk.nodes and id(chunk) not in self._fresh:
                chunk.nodes.update((id(node), node) for node in _all_nodes(chunk.statements, chunk.header, chunk.footer))
        by_chunk: dict[int, tuple[_Chunk, list[cst.CSTNode]]] = {}
        left = []
        for node in nodes:
            owner = next((c for c in chunks if c.nodes.get(id(node)) is node), None)
            if owner is None:
                left.append(node)
            else:
                by_chunk.setdefault(id(owner), (owner, []))[1].append(node)
        spans = {}
        for chunk, wanted in by_chunk.values():
            spans.update(_chunk_spans(chunk, wanted, module))
        for chunk in chunks:
            if not left:
                break
            if id(chunk) in self._fresh:
                found = _chunk_spans(chunk, left, module)
                spans.update(found)
                left = [node for node in left if node not in found]
        return spans if not left else node_spans(module, nodes, index)


def _chunk_spans(chunk: _Chunk, nodes: list[cst.CSTNode], module: cst.Module) -> dict[cst.CSTNode, Span]:
    """The spans of those of ``nodes`` that lie in ``chunk``."""
    known = chunk.spans
    needed = [node for node in nodes if id(node) not in known]
    if needed:
        alone = cst.Module(
            body=chunk.statements, header=chunk.header, footer=chunk.footer, encoding=module.encoding,
            default_indent=module.default_indent, default_newline=module.default_newline,
            has_trailing_newline=chunk.has_trailing_newline,
        )
        for node, span in node_spans(alone, needed, LineIndex(chunk.text)).items():
            known[id(node)] = (node, span)
    shift = chunk.line - 1
    spans = {}
    for node in nodes:
        entry = known.get(id(node))
        if entry is not None and entry[0] is node:
            span = entry[1]
            spans[node] = Span(span.line + shift, span.column, span.end_line + shift, span.end_column)
    return spans


def _chunk_lines(lines: list[str], tree: ast.Module, at_file_start: bool) -> list[tuple[int, int, int]] | str:
    """Where ``lines`` (with their ends) may be split into chunks: (first line, last line, number
    of libcst statements), 1-based, covering every line; or which neighbour the text needs."""
    groups: list[list[int]] = []  # [first line, last line, statements]: statements sharing lines are one
    for statement in tree.body:
        decorators = getattr(statement, "decorator_list", ())
        begins = min([statement.lineno, *(d.lineno for d in decorators)])
        ends = statement.end_lineno or statement.lineno
        if groups and begins <= groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], ends)
        else:
            groups.append([begins, ends, 1])
    if not groups:
        return _NEEDS_NEXT
    if not at_file_start and not _free(lines, 1, groups[0][0]):
        return _NEEDS_PREVIOUS
    spans = [[1, groups[0][1], 1]]
    for (_, previous_end, _), (begins, ends, _) in zip(groups, groups[1:]):
        if _free(lines, previous_end + 1, begins):
            spans.append([previous_end + 1, ends, 1])
        else:
            spans[-1][1] = ends
            spans[-1][2] += 1
    spans[-1][1] = len(lines)
    return [(a, b, n) for a, b, n in spans]


def _may_split(source: str) -> bool:
    return "barry_as_FLUFL" not in source and _LONE_BACKSLASH.search(source) is None


def _free(lines: list[str], first: int, stop: int) -> bool:
    """Whether lines ``first`` to ``stop - 1`` (1-based) are all empty or comments at column 0."""
    return all(_FREE_LINE.fullmatch(lines[number - 1]) for number in range(first, stop))


def _chunks_of(module: cst.Module, source: str, spans: list[tuple[int, int, int]]) -> list[_Chunk]:
    """The chunks of a whole-file parse."""
    starts = [0, *(match.end() for match in LINE_BREAK.finditer(source))]
    if starts[-1] == len(source) and len(starts) > 1:
        starts.pop()
    chunks, index = [], 0
    for number, (first_line, last_line, count) in enumerate(spans):
        begin = starts[first_line - 1]
        finish = starts[last_line] if last_line < len(starts) else len(source)
        is_last = number == len(spans) - 1
        chunks.append(
            _Chunk(
                begin, first_line, source[begin:finish], tuple(module.body[index : index + count]),
                header=tuple(module.header) if number == 0 else (),
                footer=tuple(module.footer) if is_last else (),
                has_trailing_newline=module.has_trailing_newline if is_last else True,
            )
        )
        index += count
    return chunks


def _parse_chunk(text: str, start: int, line: int, indent: str, newline: str, first: bool, last: bool) -> _Chunk | str | None:
    """``text`` parsed as the chunk at ``start``: libcst alone, or after a first statement that
    sets the file's indentation and line break, which is then dropped."""
    try:
        module = cst.parse_module(text)
        if module.default_indent == indent and module.default_newline == newline:
            header, statements = tuple(module.header), list(module.body)
            if not first and header:
                statements[0] = statements[0].with_changes(leading_lines=(*header, *statements[0].leading_lines))
                header = ()
        else:
            module = cst.parse_module(f"if 1:{newline}{indent}pass{newline}{text}")
            prelude = module.body[0]
            if isinstance(prelude.body, cst.IndentedBlock) and prelude.body.footer:
                return None  # indented comments at the top of the file
            header, statements = (), list(module.body[1:])
            if first and statements[0].leading_lines:
                header = tuple(statements[0].leading_lines)
                statements[0] = statements[0].with_changes(leading_lines=())
    except cst.ParserSyntaxError:
        return None
    if module.footer and not last:
        return _NEEDS_NEXT  # its last lines belong to the next statement
    return _Chunk(
        start, line, text, tuple(statements), header=header, footer=tuple(module.footer) if last else (),
        has_trailing_newline=module.has_trailing_newline if last else True,
    )


def _first_indent(source: str) -> tuple[str, int] | None:
    """The file's first indentation (what libcst takes as the default) and its line."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.INDENT:
                return token.string, token.start[0]
    except (tokenize.TokenError, SyntaxError):
        return None
    return None


def _first_line_break(source: str) -> str:
    match = LINE_BREAK.search(source)
    return match.group() if match else "\n"


def _common_prefix(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # slices compare in C: a binary search beats a loop over characters
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(a: str, b: str, limit: int) -> int:
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle :] == b[len(b) - middle :]:
            low = middle
        else:
            high = middle - 1
    return low


_fields_by_type: dict[type, tuple[str, ...]] = {}


def _all_nodes(*roots: Iterable[cst.CSTNode]) -> Iterator[cst.CSTNode]:
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
