"""Checking one file: read → pre-filter → parse → analyse → run rules → position → suppress.

Each file is parsed once; the analysis walks it once; rules read the facts. Positions are
computed only for files that have findings, since libcst's position pass costs about as much
as a second parse.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

import libcst as cst

from .analysis import ModuleFacts
from .diagnostics import Diagnostic, Edit, FileError, FileResult, Fix
from .positions import positions_of
from .rules.base import Context, FixRequest, Rule
from .suppression import is_suppressed, noqa_lines

# A file that never mentions one of these cannot involve JAX (checked on raw bytes, before parsing).
_PREFILTER = re.compile(rb"jax|equinox|flax")


@dataclass(frozen=True)
class EngineOptions:
    rules: tuple[type[Rule], ...]
    extra_jit_names: frozenset[str] = frozenset()


@dataclass
class Report:
    """Findings of one file before positions are known."""

    pending: list[tuple[type[Rule], cst.CSTNode, str, FixRequest | None]] = field(default_factory=list)

    def add(self, rule: Rule, node: cst.CSTNode, message: str, fix: FixRequest | None) -> None:
        self.pending.append((type(rule), node, message, fix))


def source_encoding(data: bytes) -> str:
    """The encoding Python reads a file in: UTF-8, or a PEP 263 declaration."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return encoding


def decode(data: bytes) -> str:
    return data.decode(source_encoding(data))


def check_bytes(path: str, data: bytes, options: EngineOptions) -> FileResult:
    """Check one file's bytes; never raises for bad input (it becomes a JAX001 error)."""
    if b"\x00" in data:
        return FileResult(path, error=FileError(path, "binary file (contains NUL bytes), not Python source"))
    if path.endswith(".ipynb"):
        from . import notebooks  # the notebook reader calls back into this module

        return notebooks.check_bytes(path, data, options)
    extra = options.extra_jit_names
    if not _PREFILTER.search(data) and not any(n.split(".")[0].encode() in data for n in extra):
        return FileResult(path, skipped=True)
    try:
        source = decode(data)
    except (UnicodeDecodeError, SyntaxError, LookupError) as error:
        return FileResult(path, error=FileError(path, f"cannot decode: {error}"))
    return check_source(path, source, options)


def check_source(path: str, source: str, options: EngineOptions) -> FileResult:
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError as error:
        message = str(error).strip().splitlines()[0]
        return FileResult(path, error=FileError(path, f"syntax error: {message}", error.raw_line, error.raw_column + 1))
    except RecursionError:
        return FileResult(path, error=FileError(path, "cannot parse: nesting too deep"))
    stage = "analysis"
    try:
        facts = ModuleFacts(module, options.extra_jit_names)
        report = Report()
        context = Context(facts, report)
        for rule_class in options.rules:
            stage = rule_class.CODE
            rule_class().check(context)
        stage = "reporting"
        return FileResult(path, diagnostics=_diagnostics(path, source, module, report))
    except RecursionError:
        return FileResult(path, error=FileError(path, "cannot analyse: nesting too deep"))
    except Exception as error:  # noqa: BLE001 - one file's bug must not end the run
        # A bug in jaxcheck, not in the file: report it plainly (exit 2) and check the rest.
        message = f"internal error in {stage}: {type(error).__name__}: {error}; please report it with this file"
        return FileResult(path, error=FileError(path, message, code="JAX002", name="internal-error"))


def _diagnostics(path: str, source: str, module: cst.Module, report: Report) -> list[Diagnostic]:
    if not report.pending:
        return []
    positions = positions_of(module, _reported_nodes(report), source)
    noqa = noqa_lines(source)
    lines = source.splitlines()
    seen: set[tuple] = set()
    diagnostics = []
    for rule, node, message, fix in report.pending:
        where = positions[node]
        line, column = where.start.line, where.start.column + 1
        key = (rule.CODE, line, column, message)
        if key in seen or is_suppressed(rule.CODE, rule.NAME, line, noqa):
            continue
        seen.add(key)
        diagnostics.append(
            Diagnostic(
                path, line, column, where.end.line, where.end.column + 1, rule.CODE, rule.NAME,
                message, rule.SEVERITY, _position_fix(fix, positions, module, lines),
            )
        )
    diagnostics.sort(key=Diagnostic.sort_key)
    return diagnostics


def _reported_nodes(report: Report) -> list[cst.CSTNode]:
    """Every node whose position a finding or its fix needs."""
    nodes = []
    for _, node, _, fix in report.pending:
        nodes.append(node)
        if fix is not None:
            nodes.extend(replaced for replaced, _ in fix.replacements)
            if fix.insert_before is not None:
                nodes.append(fix.insert_before[0])
    return nodes


def _position_fix(request: FixRequest | None, positions, module: cst.Module, lines: list[str]) -> Fix | None:
    """Turn a rule's node-based fix into positioned edits.

    Inserted statements take the indentation of the statement they precede, as written in the
    file (spaces or tabs), and the file's own line ending.
    """
    if request is None:
        return None
    edits = []
    for node, replacement in request.replacements:
        where = positions[node]
        edits.append(Edit(where.start.line, where.start.column + 1, where.end.line, where.end.column + 1, replacement))
    if request.insert_before is not None:
        statement, text = request.insert_before
        where = positions[statement]
        indent = lines[where.start.line - 1][: where.start.column]
        newline = module.default_newline
        block = "".join(f"{indent}{line}{newline}" if line else newline for line in text.splitlines())
        edits.append(Edit(where.start.line, 1, where.start.line, 1, block))
    return Fix(request.title, request.safe, tuple(edits))
