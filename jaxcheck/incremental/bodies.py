"""Re-parsing statements inside one top-level def or class: research code often holds most of
a file in one function (``make_train`` with its nested steps), and an edit there should not
parse all of it again.

The body of the chunk's def or class is split into runs of statements as the module is split
into chunks (lines between two runs are empty or comments at the body's indentation, so they
belong to the next statement). The runs an edit touches are parsed again inside ``if 1:``
(after a first ``if 1:`` block that sets the file's indentation and line break, as for chunks)
and put in place of the old statements of the block; the def's or class's other nodes stay.
"""

from __future__ import annotations

import ast
import dataclasses

import libcst as cst

from ..diagnostics import FileError
from ..parsing import for_libcst, python_ast
from ..positions import split_lines
from .chunks import Chunk, Run, free, runs


def reparse_body(
    path: str, source: str, chunk: Chunk, changed: tuple[int, int], delta: int, indent: str, newline: str
) -> tuple[Chunk, int] | None:
    """``chunk`` for the new ``source`` when the change (``changed``: its start and end in the
    old text) lies within statements of its body after the first: (the chunk, statements parsed)."""
    found = chunk.body
    if found is None or len(found) < 2 or len(chunk.statements) != 1:
        return None
    definition = chunk.statements[0]
    block = getattr(definition, "body", None)
    if not isinstance(block, cst.IndentedBlock):
        return None
    offsets = [0]
    for line in split_lines(chunk.text, keepends=True):
        offsets.append(offsets[-1] + len(line))
    low, high = changed[0] - chunk.start, changed[1] - chunk.start

    def start(run: Run) -> int:
        return offsets[run.first - 1]

    def end(run: Run) -> int:
        return offsets[run.last]

    # Touching counts: an edit at the border of two runs re-parses both.
    first = next((i for i, run in enumerate(found) if end(run) >= low), None)
    last = max((i for i, run in enumerate(found) if start(run) <= high), default=None)
    if first is None or last is None or first < 1 or high >= end(found[-1]):
        return None
    last = max(first, last)
    text = source[chunk.start + start(found[first]) : chunk.start + end(found[last]) + delta]
    new_runs = _runs_of(path, text, chunk.body_indent, newline)
    if new_runs is None:
        return None
    try:
        module = cst.parse_module(for_libcst(f"if 1:{newline}{indent}pass{newline}if 1:{newline}{text}"))
    except cst.ParserSyntaxError:
        return None
    wrapper = module.body[1] if len(module.body) == 2 else None
    wrapped = getattr(wrapper, "body", None)
    if (
        not isinstance(wrapped, cst.IndentedBlock) or wrapped.footer or module.footer or wrapped.indent != block.indent
        or module.default_indent != indent or module.default_newline != newline
        or len(wrapped.body) != sum(run.count for run in new_runs)
    ):
        return None
    before = sum(run.count for run in found[:first])
    after = sum(run.count for run in found[: last + 1])
    statements = (*block.body[:before], *wrapped.body, *block.body[after:])
    updated = definition.with_changes(body=block.with_changes(body=statements))
    base = found[first].first - 2  # line 2 of the wrapped text is that run's first line
    shift = (len(new_runs) and new_runs[-1].last + base) - found[last].last
    body = (
        *found[:first],
        *(Run(run.first + base, run.last + base, run.count) for run in new_runs),
        *(Run(run.first + shift, run.last + shift, run.count) for run in found[last + 1 :]),
    )
    text_now = source[chunk.start : chunk.end + delta]
    kept = {id(statement) for statement in statements}
    inner = {key: entry for key, entry in chunk.inner.items() if key in kept}
    updated_chunk = dataclasses.replace(
        chunk, text=text_now, statements=(updated,), body=body, nodes={}, spans={}, inner=inner
    )
    return updated_chunk, len(wrapped.body)


def _runs_of(path: str, text: str, indent: str, newline: str) -> list[Run] | None:
    """The runs of ``text`` (statements of a body at ``indent``), numbered from line 2 of
    ``if 1:`` + ``text``, when it parses alone, starts at a run's start and ends at a statement's
    end."""
    wrapped = f"if 1:{newline}{text}"
    tree = python_ast(path, wrapped)
    if isinstance(tree, FileError) or len(tree.body) != 1 or not isinstance(tree.body[0], ast.If):
        return None
    lines = split_lines(wrapped, keepends=True)
    statements = tree.body[0].body
    found = runs(lines, statements, indent)
    if not found or found[-1].last != len(lines) or statements[0].col_offset != len(indent):
        return None
    if not free(lines, 2, found[0].first, indent):
        return None
    found[0] = dataclasses.replace(found[0], first=2)
    return found
