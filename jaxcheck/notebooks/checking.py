"""Checking and fixing a notebook through the engine, with positions per cell.

The engine checks the virtual module (all checked cells in order); findings, fixes and errors
are mapped back to (cell, line, column). A cell that does not parse is reported as JAX001 with
its cell and left out; the other cells are still checked. Fixes are applied to the cells' own
text (masking keeps positions), re-checked until nothing more applies, and written back into
the file's JSON without touching anything but the ``source`` of the cells that changed.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections import defaultdict
from dataclasses import dataclass, field

from .. import engine
from ..diagnostics import Diagnostic, Edit, FileError, FileResult, Fix
from ..fix import FixOutcome, _non_overlapping as non_overlapping, applicable, apply_edits
from ..parsing import MAX_FILE_BYTES, parse
from ..positions import split_lines
from .document import Notebook, NotebookError, VirtualModule

_MAX_PASSES = 10


def check_bytes(path: str, data: bytes, options: engine.EngineOptions) -> FileResult:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return FileResult(path, error=FileError(path, f"cannot decode the notebook (its JSON must be UTF-8): {error}"))
    return check_text(path, text, options)


def check_text(path: str, text: str, options: engine.EngineOptions) -> FileResult:
    try:
        notebook = Notebook.from_text(text)
    except NotebookError as error:
        return FileResult(path, error=FileError(path, str(error), error.line, error.column))
    return check_notebook(path, notebook, options)


def check_notebook(
    path: str, notebook: Notebook, options: engine.EngineOptions, parser: engine.Parser | None = None
) -> FileResult:
    if notebook.language != "python":
        return FileResult(path, skipped=True)
    return _check(path, notebook, options, parser)[0]


@dataclass
class _Checked:
    module: VirtualModule
    skipped: frozenset[int] = frozenset()  # cells left out because they do not parse


def checked_module(notebook: Notebook) -> VirtualModule:
    """The virtual module as the check sees it: cells that do not parse alone are left out when
    the whole does not parse."""
    module = notebook.virtual_module()
    if isinstance(parse("<notebook>", module.source), FileError):
        broken = [cell.index for cell in notebook.cells if cell.is_checked and not _parses(cell)]
        return notebook.virtual_module(frozenset(broken)) if broken else module
    return module


def _parses(cell) -> bool:
    """Whether the cell alone is Python both CPython and libcst read (a lone surrogate from a
    `"\\ud800"` escape, nesting past the limit, a syntax error: not)."""
    return not isinstance(parse("<cell>", Notebook([cell]).virtual_module().source), FileError)


def to_virtual(diagnostic: Diagnostic, module: VirtualModule) -> Diagnostic:
    """A finding with cell positions moved back to the lines and columns of the virtual module."""
    line = module.virtual_line(diagnostic.cell or 0, diagnostic.line)
    end_line = module.virtual_line(diagnostic.cell or 0, diagnostic.end_line)
    if line is None or end_line is None:
        return diagnostic
    return dataclasses.replace(
        diagnostic, line=line, column=diagnostic.column - module.dedented.get(line, 0), end_line=end_line,
        end_column=diagnostic.end_column - module.dedented.get(end_line, 0), cell=None,
    )


def _check(
    path: str, notebook: Notebook, options: engine.EngineOptions, parser: engine.Parser | None = None
) -> tuple[FileResult, _Checked]:
    module = notebook.virtual_module()
    too_large = _too_large(path, module)
    if too_large is not None:
        return FileResult(path, error=too_large), _Checked(module)
    result = engine.check_source(path, module.source, options, parser)
    if result.error is None or result.error.code != "JAX001":
        return to_cells(result, module), _Checked(module)
    broken = _unparsable_cells(path, notebook, options)
    if not broken:  # only the cells together fail (an open bracket closed in a later cell)
        return to_cells(result, module), _Checked(module)
    module = notebook.virtual_module(frozenset(broken))
    result = to_cells(engine.check_source(path, module.source, options), module)
    if result.error is None:
        result.error = next(iter(broken.values()))
    return result, _Checked(module, frozenset(broken))


def _too_large(path: str, module: VirtualModule) -> FileError | None:
    """The limit on a Python file's size, applied to the code of the checked cells (a notebook's
    outputs, often megabytes of images, are never checked and do not count)."""
    size = len(module.source.encode("utf-8", "surrogatepass"))
    if size <= MAX_FILE_BYTES:
        return None
    return FileError(path, f"code cells too large to check ({size:,} bytes of code; the limit is {MAX_FILE_BYTES:,})")


def _unparsable_cells(path: str, notebook: Notebook, options: engine.EngineOptions) -> dict[int, FileError]:
    broken: dict[int, FileError] = {}
    for cell in notebook.cells:
        if not cell.is_checked:
            continue
        if not _parses(cell):
            error = engine.check_source(path, Notebook([cell]).virtual_module().source, options).error
            if error is not None:
                message = f"{error.message}; cell {cell.index} was not checked"
                broken[cell.index] = dataclasses.replace(error, message=message, cell=cell.index)
    return broken


def to_cells(result: FileResult, module: VirtualModule) -> FileResult:
    """``result`` of the virtual module with every position in (cell, line, column)."""
    diagnostics = [_diagnostic_in_cell(d, module) for d in result.diagnostics]
    error = result.error
    if error is not None and error.line is not None:
        cell, line = module.cell_of(error.line)
        column = module.column_in_cell(error.line, error.column) if error.column is not None else None
        error = dataclasses.replace(error, line=line, column=column, cell=cell)
    return dataclasses.replace(result, diagnostics=sorted(diagnostics, key=Diagnostic.sort_key), error=error)


def _diagnostic_in_cell(diagnostic: Diagnostic, module: VirtualModule) -> Diagnostic:
    cell, line = module.cell_of(diagnostic.line)
    end_line, end_column = module.end_in_cell(cell, diagnostic.end_line, diagnostic.end_column)
    fix = diagnostic.fix
    if fix is not None:
        edits = []
        for edit in fix.edits:
            edit_cell, edit_line = module.cell_of(edit.line)
            edit_end = module.end_in_cell(edit_cell, edit.end_line, edit.end_column)
            if edit_cell != cell:
                fix = None  # a fix reaching into another cell is never applied
                break
            edits.append(Edit(edit_line, module.column_in_cell(edit.line, edit.column), *edit_end, edit.replacement))
        else:
            fix = Fix(fix.title, fix.safe, tuple(edits))
    column = module.column_in_cell(diagnostic.line, diagnostic.column)
    return dataclasses.replace(
        diagnostic, line=line, column=column, end_line=end_line, end_column=end_column, fix=fix, cell=cell
    )


@dataclass
class NotebookFixOutcome(FixOutcome):
    """``original``/``fixed`` are the file's JSON text; the diff shows the cells' code."""

    cells_before: dict[int, str] = field(default_factory=dict)
    cells_after: dict[int, str] = field(default_factory=dict)

    def diff(self) -> str:
        return "".join(
            "".join(
                difflib.unified_diff(
                    split_lines(_ending_newline(self.cells_before[index]), keepends=True),
                    split_lines(_ending_newline(self.cells_after[index]), keepends=True),
                    fromfile=f"a/{self.path}:cell {index}", tofile=f"b/{self.path}:cell {index}",
                )
            )
            for index in sorted(self.cells_after)
        )


def _ending_newline(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def fix_text(path: str, text: str, options: engine.EngineOptions, unsafe: bool = False) -> NotebookFixOutcome:
    """Apply every applicable fix to the cells of the notebook ``text`` until none is left."""
    outcome = NotebookFixOutcome(path, text, text)
    try:
        notebook = Notebook.from_text(text)
    except NotebookError as error:
        outcome.result = FileResult(path, error=FileError(path, str(error), error.line, error.column))
        return outcome
    if notebook.language != "python":
        outcome.result = FileResult(path, skipped=True)
        return outcome
    current = notebook
    result, checked = _check(path, current, options)
    changed: dict[int, str] = {}
    for _ in range(_MAX_PASSES):
        by_cell: dict[int, list[Diagnostic]] = defaultdict(list)
        for diagnostic in result.diagnostics:
            if applicable(diagnostic, unsafe) and diagnostic.cell is not None:
                by_cell[diagnostic.cell].append(diagnostic)
        sources = {cell.index: cell.source for cell in current.cells}
        chosen = {cell: non_overlapping(found) for cell, found in by_cell.items()}
        edited = {
            cell: apply_edits(sources[cell], [e for d in found for e in d.fix.edits])  # type: ignore[union-attr]
            for cell, found in chosen.items() if found
        }
        edited = {cell: source for cell, source in edited.items() if source != sources[cell]}
        if not edited:
            break
        candidate = current.with_sources(edited)
        broken = parse(path, candidate.virtual_module(checked.skipped).source)
        if isinstance(broken, FileError):
            codes = ", ".join(sorted({d.code for found in chosen.values() for d in found}))
            outcome.error = FileError(path, f"fix for {codes} would not parse ({broken.message}); notebook left unchanged")
            outcome.applied, outcome.result = [], _check(path, notebook, options)[0]
            return outcome
        outcome.applied.extend(d for cell in edited for d in chosen[cell])
        changed.update(edited)
        current = candidate
        result, checked = _check(path, current, options)
    outcome.result = result
    if changed:
        outcome.cells_before = {index: notebook.cells[index - 1].source for index in changed}
        outcome.cells_after = changed
        outcome.fixed = notebook.dumps(changed)
    return outcome
