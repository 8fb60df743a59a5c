"""A Jupyter notebook read as one Python module, and written back cell by cell.

The code cells, IPython syntax masked, are joined in order into one *virtual module*, so a
function defined in cell 2 and jitted in cell 5 is seen as it runs. Every line of the virtual
module remembers its cell (1-based among all cells, markdown included, as Jupyter and ruff
count them) and its line there; masking keeps lines and columns, so positions map back exactly.

Writing back replaces only the ``source`` values of the cells that changed, in the file's own
text: outputs, metadata, ids, key order, indentation and escapes stay byte for byte.
"""

from __future__ import annotations

import ast
import bisect
import difflib
import json
import re
import warnings
from dataclasses import dataclass, field

from ..parsing import DEEP_RECURSION_LIMIT, run_deep
from ..positions import split_lines
from .masking import dedent, is_python_cell, mask, mask_future_imports

SUFFIX = ".ipynb"
# Larger notebook files are not read. Outputs (images) make most of a notebook's bytes and are
# never checked; checking a notebook of 97 MB of outputs took 1.3 s and 325 MB of memory (the
# limit on code applies to the code cells, see :data:`jaxcheck.parsing.MAX_FILE_BYTES`).
MAX_NOTEBOOK_BYTES = 100_000_000


def is_notebook(path: str) -> bool:
    return path.endswith(SUFFIX)


class NotebookError(ValueError):
    """Not a notebook we can read; the message says why (reported as JAX001)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.line, self.column = line, column


@dataclass
class Cell:
    index: int  # 1-based among all cells
    kind: str  # "code", "markdown", "raw"
    source: str
    span: tuple[int, int] | None = None  # where the `source` value lies in the file's text

    @property
    def is_checked(self) -> bool:
        return self.kind == "code" and bool(self.source.strip()) and is_python_cell(self.source)


@dataclass
class VirtualModule:
    """The checked cells as one module; ``origin[n]`` is (cell, line) of virtual line ``n + 1``."""

    source: str
    origin: list[tuple[int, int]] = field(default_factory=list)
    masked: frozenset[int] = frozenset()  # virtual lines that held IPython syntax
    dedented: dict[int, int] = field(default_factory=dict)  # virtual line → indentation removed
    cell_starts: list[int] = field(default_factory=list)  # first virtual line of each checked cell
    cells: list[int] = field(default_factory=list)  # the cell index of each entry of cell_starts

    def cell_of(self, line: int) -> tuple[int, int]:
        """(cell, line in that cell) of a 1-based virtual line; past the end, one after the last."""
        if 1 <= line <= len(self.origin):
            return self.origin[line - 1]
        cell, last = self.origin[-1] if self.origin else (1, 0)
        return cell, last + 1

    def column_in_cell(self, line: int, column: int) -> int:
        """A column of virtual line ``line`` as a column of the cell's own text."""
        return column + self.dedented.get(line, 0)

    def source_for(self, cell: int) -> str:
        """The module as it stands while the definitions of ``cell`` are the live ones: every
        checked cell up to the last one before a cell that binds again a top-level name that
        ``cell`` defines (notebooks redefine `f` freely). All of it for a cell not checked."""
        if cell not in self.cells:
            return self.source
        lines = split_lines(self.source, keepends=True)
        position = self.cells.index(cell)
        defined = _top_level_names(self._cell_text(position, lines))
        for later in range(position + 1, len(self.cells)):
            if defined & _top_level_names(self._cell_text(later, lines)):
                return "".join(lines[: self.cell_starts[later] - 1])
        return self.source

    def _cell_text(self, position: int, lines: list[str]) -> str:
        end = self.cell_starts[position + 1] - 1 if position + 1 < len(self.cells) else len(lines)
        return "".join(lines[self.cell_starts[position] - 1:end])

    def virtual_line(self, cell: int, line: int) -> int | None:
        """The virtual line of ``line`` in ``cell``, or None for a cell that is not checked."""
        if cell not in self.cells:
            return None
        return self.cell_starts[self.cells.index(cell)] + line - 1

    def end_in_cell(self, cell: int, line: int, column: int) -> tuple[int, int]:
        """An exclusive end position mapped into ``cell``: an end at the start of the next
        cell's first line is one line past this cell's last."""
        found_cell, found_line = self.cell_of(line)
        if found_cell == cell:
            return found_line, self.column_in_cell(line, column)
        position = bisect.bisect_right(self.cell_starts, line) - 1
        previous_cell, last_line = self.cell_of(line - 1) if position >= 0 else (cell, 0)
        return (last_line + 1, 1) if previous_cell == cell else (found_line, column)


@dataclass
class Notebook:
    cells: list[Cell]
    text: str = ""  # the file's JSON text, for writing back
    language: str = "python"

    @classmethod
    def from_text(cls, text: str) -> Notebook:
        try:
            document, spans = run_deep(_parse_with_spans, text)
        except json.JSONDecodeError as error:
            raise NotebookError(f"invalid notebook JSON: {error.msg}", error.lineno, error.colno) from None
        except (RecursionError, MemoryError):
            raise NotebookError(f"invalid notebook JSON: nested more than about {DEEP_RECURSION_LIMIT:,} levels deep") from None
        return cls._from_document(document, spans, text)

    @classmethod
    def from_sources(cls, cells: list[tuple[str, str]], language: str = "python") -> Notebook:
        """A notebook held by an editor: (kind, source) per cell, in order."""
        return cls([Cell(i, kind, source) for i, (kind, source) in enumerate(cells, 1)], language=language)

    @classmethod
    def _from_document(cls, document: object, spans: dict[int, tuple[int, int]], text: str) -> Notebook:
        if not isinstance(document, dict):
            raise NotebookError("not a notebook: the JSON document is not an object")
        if "worksheets" in document and "cells" not in document:
            raise NotebookError("nbformat 3 notebooks are not supported; convert with `jupyter nbconvert --to notebook`")
        raw_cells = document.get("cells")
        if not isinstance(raw_cells, list):
            raise NotebookError("not a notebook: no `cells` list")
        cells = []
        for index, raw in enumerate(raw_cells, 1):
            if not isinstance(raw, dict):
                raise NotebookError(f"cell {index} is not an object")
            source = raw.get("source", "")
            if isinstance(source, list) and all(isinstance(part, str) for part in source):
                source = "".join(source)
            if not isinstance(source, str):
                raise NotebookError(f"cell {index}: `source` must be a string or a list of strings")
            cells.append(Cell(index, str(raw.get("cell_type", "code")), source, spans.get(index - 1)))
        return cls(cells, text, _language(document))

    def virtual_module(self, skipped: frozenset[int] = frozenset()) -> VirtualModule:
        """The checked code cells, in order, as one module (cells in ``skipped`` left out)."""
        parts: list[str] = []
        module = VirtualModule("")
        masked: set[int] = set()
        for cell in self.cells:
            if not cell.is_checked or cell.index in skipped:
                continue
            text, removed = dedent(cell.source)
            text, masked_here = mask(text)
            if parts:
                text, future_imports = mask_future_imports(text)
                masked_here |= future_imports
            if not text.endswith(("\n", "\r")):
                text += "\n"
            start = len(module.origin) + 1
            module.cell_starts.append(start)
            module.cells.append(cell.index)
            count = len(split_lines(text, keepends=True))
            module.origin.extend((cell.index, line) for line in range(1, count + 1))
            masked.update(start + line - 1 for line in masked_here)
            module.dedented.update({start + line - 1: width for line, width in removed.items()})
            parts.append(text)
        module.source = "".join(parts)
        module.masked = frozenset(masked)
        return module

    def with_sources(self, sources: dict[int, str]) -> Notebook:
        """A copy whose cells in ``sources`` (index → new source) have new text."""
        cells = [Cell(c.index, c.kind, sources.get(c.index, c.source), c.span) for c in self.cells]
        return Notebook(cells, self.text, self.language)

    def dumps(self, sources: dict[int, str]) -> str:
        """The file's text with the ``source`` of each cell in ``sources`` replaced, in the
        file's own style (a list of lines or one string, its indentation and escapes)."""
        text = self.text
        ascii_only = text.isascii() and bool(re.search(r"\\u[0-9a-fA-F]{4}", text))
        changes = sorted(((c.span, sources[c.index]) for c in self.cells if c.index in sources and c.span), reverse=True)
        for (start, end), source in changes:
            text = text[:start] + _render_source(text, start, end, source, ascii_only) + text[end:]
        return text


def _top_level_names(source: str) -> set[str]:
    """Names a cell binds at top level: functions, classes, assignments, imports."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in statement.names)
    return names


def _language(document: dict) -> str:
    metadata = document.get("metadata")
    if not isinstance(metadata, dict):
        return "python"
    for key, inner in (("kernelspec", "language"), ("language_info", "name")):
        table = metadata.get(key)
        if isinstance(table, dict) and isinstance(table.get(inner), str):
            return table[inner].lower()
    return "python"


def _render_source(text: str, start: int, end: int, source: str, ascii_only: bool) -> str:
    """The JSON of a cell's new ``source`` in place of ``text[start:end]``, its old value.

    A list keeps the old JSON text of every line that did not change, byte for byte, and is
    split where the file splits it: at Python's line breaks, or also at U+2028, form feeds and
    the other breaks of ``str.splitlines`` where the file was written that way (Jupyter's
    nbformat writes it so).
    """
    old = text[start:end]
    if not old.startswith("["):
        return json.dumps(source, ensure_ascii=ascii_only)
    kept = _array_items(old)
    split_like_str = any(value.endswith(_STR_ONLY_LINE_BREAKS) for value, _ in kept)
    lines = source.splitlines(keepends=True) if split_like_str else split_lines(source, keepends=True)
    if not lines:
        return "[]"
    item = re.match(r"\[(\s*)", old)
    separator = item.group(1) if item else ""  # type: ignore[union-attr]
    closing = re.search(r"(\s*)\]$", old)
    before_close = closing.group(1) if closing else ""  # type: ignore[union-attr]
    items = [json.dumps(line, ensure_ascii=ascii_only) for line in lines]
    matcher = difflib.SequenceMatcher(None, [value for value, _ in kept], lines, autojunk=False)
    for old_start, new_start, size in matcher.get_matching_blocks():
        items[new_start : new_start + size] = [raw for _, raw in kept[old_start : old_start + size]]
    joiner = "," + (separator if "\n" in separator else " " if old.count(", ") else "")
    return "[" + separator + joiner.join(items) + before_close + "]"


# Where ``str.splitlines`` ends a line and Python does not.
_STR_ONLY_LINE_BREAKS = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def _array_items(array: str) -> list[tuple[str, str]]:
    """(value, JSON text) of each string in the JSON list ``array``."""
    items = []
    position = _WHITESPACE.match(array, 1).end()  # type: ignore[union-attr]
    while position < len(array) and array[position] != "]":
        value, after = _decoder.raw_decode(array, position)
        if isinstance(value, str):
            items.append((value, array[position:after]))
        position = _WHITESPACE.match(array, after).end()  # type: ignore[union-attr]
        if array.startswith(",", position):
            position = _WHITESPACE.match(array, position + 1).end()  # type: ignore[union-attr]
    return items


# -- a JSON reader that also returns where each cell's `source` value lies in the text ----------

_WHITESPACE = re.compile(r"[ \t\n\r]*")


def _json_integer(text: str) -> int | float:
    """An integer of a notebook's JSON; one past Python's limit on converting digits to an int
    (4,300 by default) as a float: no number of a notebook is read, and a number of 5,000 digits
    must not make the notebook unreadable."""
    try:
        return int(text)
    except ValueError:
        return float(text)


_decoder = json.JSONDecoder(parse_int=_json_integer)


def _parse_with_spans(text: str) -> tuple[object, dict[int, tuple[int, int]]]:
    """``json.loads(text)``, plus {cell position: (start, end)} of each ``cells[i].source``."""
    document = _decoder.decode(text)  # the errors users see come from the standard parser
    spans: dict[int, tuple[int, int]] = {}
    if isinstance(document, dict) and isinstance(document.get("cells"), list):
        _SpanFinder(text, spans).top()
    return document, spans


class _SpanFinder:
    """Walks text already known to be valid JSON, skipping every value it does not need."""

    def __init__(self, text: str, spans: dict[int, tuple[int, int]]) -> None:
        self.text, self.spans = text, spans

    def _space(self, position: int) -> int:
        return _WHITESPACE.match(self.text, position).end()  # type: ignore[union-attr]

    def _skip_value(self, position: int) -> int:
        return _decoder.raw_decode(self.text, position)[1]

    def _object(self, position: int, on_member) -> int:
        """Walk the object at ``position``; ``on_member(key, value start)`` returns the value end."""
        text = self.text
        position = self._space(position + 1)
        if text[position] == "}":
            return position + 1
        while True:
            key, position = json.decoder.scanstring(text, position + 1)
            position = self._space(self._space(position) + 1)  # past ':'
            position = self._space(on_member(key, position))
            if text[position] == "}":
                return position + 1
            position = self._space(position + 1)  # past ','

    def top(self) -> None:
        position = self._space(0)
        self._object(position, lambda key, at: self._cells(at) if key == "cells" else self._skip_value(at))

    def _cells(self, position: int) -> int:
        index = 0
        position = self._space(position + 1)
        if self.text[position] == "]":
            return position + 1
        while True:
            cell_index = index
            if self.text[position] == "{":
                end = self._object(position, lambda key, at: self._source(cell_index, at) if key == "source" else self._skip_value(at))
            else:
                end = self._skip_value(position)
            index += 1
            position = self._space(end)
            if self.text[position] == "]":
                return position + 1
            position = self._space(position + 1)

    def _source(self, index: int, position: int) -> int:
        end = self._skip_value(position)
        self.spans[index] = (position, end)
        return end
