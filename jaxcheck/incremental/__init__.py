"""Re-parsing only the statements an edit touched (the language server's parse).

libcst parses a module statement by statement, and the tree of a top-level statement does not
depend on its neighbours, with four exceptions handled here:

- lines between two statements belong to the next one (its ``leading_lines``), except that a
  block also takes the lines after it up to its last comment or blank line indented as deep as
  the block (its ``footer``);
- lines before the first statement are the module's ``header``, lines after the last its
  ``footer``;
- an indented block records its indentation only where it differs from the module's default
  (the file's first indentation), and a line break only where it differs from the file's first;
- ``from __future__`` imports are only legal at the top of a file.

A document is held as *chunks*: runs of top-level statements with the text they were parsed
from. Chunks are split only where every line between two statements is empty or a comment at
column 0, so those lines always belong to the next statement. On a
change, the text common to the old and the new version at both ends is found; chunks lying
wholly in it keep their trees (the same node objects), and the chunks the change touches are
parsed again on their own (CPython's parser first, as for a whole file, then libcst), with the
file's indentation and line break. A chunk of one def or class is split the same way inside
its body (:mod:`.bodies`): an edit there parses again only the body statements it touches.
Where a part cannot stand alone (it is not Python by itself, its first or last lines would
belong to a neighbour, it holds a ``from __future__`` import, or the file's first indentation
or line break changed), the neighbours are taken in or the whole file is parsed: the tree is
always the one a full parse gives (``tests/test_server_incremental.py`` compares them on real
files under random edits). A version that does not parse is parsed whole (for its error) and
the next one is compared with the last version that parsed.

Positions are computed the same way: only the chunks (or body statements) holding the reported
nodes are generated again (see :func:`jaxcheck.positions.node_spans`), each from its own first
line, and what was found is kept while the chunk or statement is.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable

import libcst as cst

from ..diagnostics import FileError
from ..parsing import parse_valid, python_ast, python_syntax_error, run_deep
from ..positions import LineIndex, Span, node_spans, split_lines
from .bodies import reparse_body
from .chunks import (
    NEEDS_NEXT, NEEDS_PREVIOUS, Chunk, all_nodes, body_fields, chunk_lines, chunk_spans, chunks_of, common_prefix,
    common_suffix, first_indent, first_line_break, may_split, parse_chunk,
)

# Neighbouring chunks taken into a re-parsed span before the whole file is parsed instead.
_MAX_WIDENING = 4


class IncrementalParser:
    """One document's parse, kept between versions: :meth:`parse` re-parses what changed.

    Give it to ``api.check_source(..., parser=...)``; a parser serves one document.
    """

    def __init__(self) -> None:
        self._source: str | None = None
        self._module: cst.Module | None = None
        self._chunks: list[Chunk] | None = None
        self._indent: tuple[str, int] | None = None  # the file's first indentation and its line
        self._fresh: set[int] = set()  # the chunks the last parse made
        # Statements (top-level, or of one big body) the last parse parsed: for tests and the bench.
        self.reparsed_statements = 0
        self.full_parses = 0

    def parse(self, path: str, source: str) -> cst.Module | FileError:
        """The module of ``source``, equal to ``parsing.parse(path, source)``."""
        return run_deep(self._parse, path, source)

    def _parse(self, path: str, source: str) -> cst.Module | FileError:
        if source == self._source and self._module is not None:
            self.reparsed_statements = 0
            return self._module
        # What CPython's compiler rejects depends on the whole file (`return` outside a
        # function, a late `from __future__` import): asked of the whole file every time.
        error = python_syntax_error(path, source)
        if error is not None:
            return error  # the next version is compared with the last one that parsed
        if self._chunks is not None and self._source is not None and may_split(source):
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
        self._indent = first_indent(source)
        if self._indent is not None and self._indent[0] != module.default_indent:
            return module  # tokenize and libcst disagree: no incremental parses of this file
        if self._indent is None and module.default_indent != "    ":
            return module
        lines = split_lines(source, keepends=True)
        spans = chunk_lines(lines, tree, at_file_start=True)
        if isinstance(spans, list) and may_split(source) and len(module.body) == sum(run.count for run in spans):
            self._chunks = chunks_of(module, source, spans, lines)
            self._fresh = {id(chunk) for chunk in self._chunks}
        return module

    # -- a change ---------------------------------------------------------------------------------

    def _update(self, path: str, source: str) -> cst.Module | None:
        old, chunks = self._source, self._chunks
        assert old is not None and chunks is not None and self._module is not None
        prefix = common_prefix(old, source)
        suffix = common_suffix(old, source, min(len(old), len(source)) - prefix)
        changed_end = len(old) - suffix
        first = next((i for i, c in enumerate(chunks) if c.end >= prefix), len(chunks) - 1)
        last = max(first, max((i for i, c in enumerate(chunks) if c.start <= changed_end), default=first))
        delta = len(source) - len(old)
        newline = first_line_break(source)
        if newline != self._module.default_newline:
            return None
        if first == last and self._indent is not None:
            inside = reparse_body(path, source, chunks[first], (prefix, changed_end), delta, self._indent[0], newline)
            if inside is not None:
                self.reparsed_statements = inside[1]
                return self._assemble(source, chunks[:first], [inside[0]], chunks[last + 1 :], delta)
        for _ in range(_MAX_WIDENING):
            outcome = self._reparse(path, source, chunks, first, last, delta, newline)
            if outcome == NEEDS_PREVIOUS and first > 0:
                first -= 1
            elif outcome == NEEDS_NEXT and last < len(chunks) - 1:
                last += 1
            elif isinstance(outcome, list):
                return self._assemble(source, chunks[:first], outcome, chunks[last + 1 :], delta)
            else:
                return None
        return None

    def _reparse(self, path, source, chunks, first, last, delta, newline) -> list[Chunk] | str | None:
        """The new chunks replacing ``chunks[first:last + 1]``, or which neighbour they need."""
        start, end = chunks[first].start, chunks[last].end + delta
        region = source[start:end]
        if "__future__" in region:
            return None
        tree = python_ast(path, region)
        if isinstance(tree, FileError):
            return None
        lines = split_lines(region, keepends=True)
        spans = chunk_lines(lines, tree, at_file_start=start == 0)
        if not isinstance(spans, list):
            return spans
        if not self._indent_unchanged(source, chunks[first].line):
            return None
        indent = self._indent[0] if self._indent is not None else "    "
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line))
        new = []
        for run in spans:
            text = region[offsets[run.first - 1] : offsets[run.last]]
            at = start + offsets[run.first - 1]
            chunk = parse_chunk(
                text, at, chunks[first].line + run.first - 1, indent, newline, at == 0, at + len(text) == len(source),
                body_fields(run, lines, run.first),
            )
            if not isinstance(chunk, Chunk):
                return chunk
            new.append(chunk)
        self.reparsed_statements = sum(len(c.statements) for c in new)
        return new

    def _indent_unchanged(self, source: str, changed_line: int) -> bool:
        """Whether the file's first indentation is still the one the kept chunks were parsed with."""
        if self._indent is not None and changed_line > self._indent[1]:
            return True
        now = first_indent(source)
        return now == self._indent or (now is not None and self._indent is not None and now[0] == self._indent[0])

    def _assemble(self, source: str, before: list[Chunk], new: list[Chunk], after: list[Chunk], delta: int) -> cst.Module:
        shift = 0
        if after:
            shift = (new[-1].line + new[-1].line_breaks) - after[0].line
        after = [
            dataclasses.replace(c, start=c.start + delta, line=c.line + shift, nodes=c.nodes, spans=c.spans, inner=c.inner)
            for c in after
        ]
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
            self._indent = first_indent(source)
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
                chunk.nodes.update((id(node), node) for node in all_nodes(chunk.statements, chunk.header, chunk.footer))
        by_chunk: dict[int, tuple[Chunk, list[cst.CSTNode]]] = {}
        left = []
        for node in nodes:
            owner = next((c for c in chunks if c.nodes.get(id(node)) is node), None)
            if owner is None:
                left.append(node)
            else:
                by_chunk.setdefault(id(owner), (owner, []))[1].append(node)
        spans = {}
        for chunk, wanted in by_chunk.values():
            spans.update(chunk_spans(chunk, wanted, module))
        for chunk in chunks:
            if not left:
                break
            if id(chunk) in self._fresh:
                found = chunk_spans(chunk, left, module)
                spans.update(found)
                left = [node for node in left if node not in found]
        return spans if not left else node_spans(module, nodes, index)
