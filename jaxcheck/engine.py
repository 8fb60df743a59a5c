"""Checking one file: read → pre-filter → parse → analyse → run rules → position → suppress.

Each file is parsed once; the analysis walks it once; rules read the facts. Positions are
computed only for the reported nodes (see :mod:`.positions`): libcst's position pass over the
whole module costs more than the parse.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Protocol

import libcst as cst

from . import budget
from .analysis import ModuleFacts
from .analysis.syntax.collect import Collector
from .analysis.syntax.project import MAY_INVOLVE_JAX, ProjectIndex, ProjectView, over_bounds_shared, parse_shared
from .diagnostics import Diagnostic, Edit, FileError, FileResult, Fix, Severity
from .parsing import decode, parse, python_syntax_error, run_deep
from .positions import LineIndex, Span, node_spans, split_lines
from .rules.base import Context, FixRequest, Rule
from .suppression import PerFileIgnores, is_suppressed, noqa_lines
from .test_code import TestCode


@dataclass(frozen=True)
class EngineOptions:
    rules: tuple[type[Rule], ...]
    extra_jit_names: frozenset[str] = frozenset()
    ignores: PerFileIgnores = PerFileIgnores()
    max_syntax_nodes: int = budget.MAX_SYNTAX_NODES
    file_timeout: float | None = budget.FILE_TIMEOUT
    # The other checked files, for imports between them (None: each file on its own).
    project: ProjectIndex | None = field(default=None, compare=False)
    # Which files are test code and which codes are `info` there; whether `info` is reported.
    test_code: TestCode = TestCode()
    show_info: bool = False


@dataclass
class Report:
    """Findings of one file before positions are known."""

    # (rule, node, message, fix, severity, test idiom): the rule's own severity, or `info` for a
    # finding the rule judged a deliberate idiom; the name of the rule's `TEST_IDIOMS` it is, if any.
    pending: list[tuple[type[Rule], cst.CSTNode, str, FixRequest | None, Severity, str | None]] = field(default_factory=list)

    def add(
        self, rule: Rule, node: cst.CSTNode, message: str, fix: FixRequest | None, severity: Severity,
        test_idiom: str | None = None,
    ) -> None:
        self.pending.append((type(rule), node, message, fix, severity, test_idiom))


def could_involve_jax(data: bytes, options: EngineOptions) -> bool:
    """The pre-filter: False when the bytes never name JAX (or a configured jit-like name)."""
    extra = options.extra_jit_names
    return bool(MAY_INVOLVE_JAX.search(data)) or any(n.split(".")[0].encode() in data for n in extra)


def check_bytes(path: str, data: bytes, options: EngineOptions) -> FileResult:
    """Check one Python file's bytes; never raises for bad input (it becomes a JAX001 error).
    Notebooks go to :func:`jaxcheck.notebooks.check_bytes`, which checks their cells here."""
    if b"\x00" in data:
        return FileResult(path, error=FileError(path, "binary file (contains NUL bytes), not Python source"))
    try:
        source = decode(data)
    except (UnicodeDecodeError, SyntaxError, LookupError) as error:
        return FileResult(path, error=FileError(path, f"cannot decode: {error}"))
    if not could_involve_jax(data, options):
        # Nothing to analyse, but a file that is not Python is still reported (CPython's compiler
        # alone: a few per cent of a libcst parse).
        error = python_syntax_error(path, source)
        if error:
            return FileResult(path, error=error)
        # A file that never names JAX may still call a jitted function it imports from the
        # project (`from model import step; step(x, [1, 2])`).
        view = ProjectView(options.project, path, options.max_syntax_nodes) if options.project is not None and path.endswith(".py") else None
        if view is None or not view.imports_jax_module(source):
            return FileResult(path, skipped=True, dependencies=dict(view.dependencies) if view is not None else {})
    return check_source(path, source, options)


class Parser(Protocol):
    """How the engine gets a module and the positions of its nodes (an editor's parser keeps
    what it can between versions: :class:`jaxcheck.incremental.IncrementalParser`)."""

    def parse(self, path: str, source: str) -> cst.Module | FileError: ...

    def node_spans(self, module: cst.Module, nodes: list[cst.CSTNode], index: LineIndex) -> dict[cst.CSTNode, Span]: ...


def check_source(path: str, source: str, options: EngineOptions, parser: Parser | None = None) -> FileResult:
    return run_deep(_check_source, path, source, options, parser)


def _check_source(path: str, source: str, options: EngineOptions, parser: Parser | None) -> FileResult:
    if options.project is not None:
        too_large = over_bounds_shared(path, source, options.max_syntax_nodes)
    else:
        too_large = budget.file_over_bounds(path, source, options.max_syntax_nodes)
    if too_large is not None:
        # Judged under the file's absolute path when shared: reported under the path it was given.
        return FileResult(path, error=dataclasses.replace(too_large, path=path))
    with budget.time_limit(options.file_timeout):
        try:
            return _check_parsed(path, source, options, parser)
        except budget.FileTimeout:
            message = (
                f"analysis stopped after {options.file_timeout:g} s (`file-timeout` in [tool.jaxcheck]); "
                "this file was not checked"
            )
            return FileResult(path, error=FileError(path, message, name=budget.TIMEOUT_ERROR))


def _check_parsed(path: str, source: str, options: EngineOptions, parser: Parser | None) -> FileResult:
    if parser is not None:
        module = parser.parse(path, source)
    else:
        module = parse_shared(path, source) if options.project is not None else parse(path, source)
    if isinstance(module, FileError):
        # A tree shared between files is parsed under the file's absolute path: the error is
        # reported under the path this file was given, as its findings are.
        return FileResult(path, error=dataclasses.replace(module, path=path))
    stage = "analysis"
    view = None
    if options.project is not None and path.endswith(".py"):
        view = ProjectView(options.project, path, options.max_syntax_nodes)
    try:
        facts = ModuleFacts(module, options.extra_jit_names, view, source)
        report = Report()
        context = Context(facts, report)
        for rule_class in options.rules:
            stage = rule_class.CODE
            budget.tick()
            rule_class().check(context)
        stage = "reporting"
        # One pass over the module places the findings, the functions around them and where
        # the transformations that trace those functions apply.
        around = [f.node for f in facts.functions if f.node is not None]
        around += [t.origin for tracings in facts.tracings.values() for t in tracings if t.via is None]
        diagnostics, elsewhere, spans, left_out = _diagnostics(
            path, source, module, report.pending, options, parser, around, facts.collector
        )
        diagnostics = _with_subjects(diagnostics, facts, facts.collector, module, source, parser, spans)
        result = FileResult(path, diagnostics=diagnostics, notes=sorted(facts.limits_reached), info_left_out=left_out)
        if view is not None:
            result.dependencies = dict(view.dependencies)
            result.reached = _reached(view, elsewhere, options, facts)
        return result
    except RecursionError:
        return FileResult(path, error=FileError(path, f"cannot analyse: nested too deeply (in {stage})"))
    except Exception as error:  # noqa: BLE001 - one file's bug must not end the run
        return FileResult(path, error=internal_error(path, stage, error))


def internal_error(path: str, stage: str, error: Exception) -> FileError:
    """A bug in jaxcheck, not in the file: reported plainly (exit 2) while the rest is checked."""
    message = f"internal error in {stage}: {type(error).__name__}: {error}; please report it with this file"
    return FileError(path, message, code="JAX002", name="internal-error")


def _with_subjects(
    diagnostics: list[Diagnostic], facts: ModuleFacts, collector: Collector, module: cst.Module, source: str,
    parser: Parser | None = None, spans: dict[cst.CSTNode, Span] | None = None,
) -> list[Diagnostic]:
    """The diagnostics with what each is about (see :class:`~jaxcheck.diagnostics.Subject`): the
    innermost function of ``collector``'s module around it, found by position, and how the
    analysis traced it. ``spans``: the places of those functions and of their transformations'
    applications, where known."""
    if not diagnostics:
        return diagnostics
    functions = collector.functions
    index = LineIndex(source)
    locate = parser.node_spans if parser is not None else node_spans
    if spans is None:
        spans = locate(module, [f.node for f in functions if f.node is not None], index)
    around = _innermost_functions(diagnostics, [(spans[f.node], f) for f in functions if f.node in spans])
    found = {function: facts.subject(function) for function in dict.fromkeys(around)}
    unplaced = [
        origin for _, origin in found.values() if origin is not None and origin not in spans and collector.may_hold(origin)
    ]
    origins = {**spans, **locate(module, unplaced, index)} if unplaced else spans
    subjects = {}
    for function, (subject, origin) in found.items():
        where = origins.get(origin) if origin is not None else None
        subjects[function] = dataclasses.replace(subject, jit_line=where.line) if where is not None else subject
    return [dataclasses.replace(d, subject=subjects[function]) for d, function in zip(diagnostics, around)]


def _innermost_functions(diagnostics: list[Diagnostic], placed: list[tuple[Span, object]]) -> list:
    """The innermost of the ``placed`` functions around each diagnostic (None outside all), in
    one sweep: function spans nest or are disjoint, so the functions still open at a position
    form a stack whose top is the innermost."""
    placed = sorted(placed, key=lambda pair: ((pair[0].line, pair[0].column), (-pair[0].end_line, -pair[0].end_column)))
    order = sorted(range(len(diagnostics)), key=lambda i: (diagnostics[i].line, diagnostics[i].column))
    around: list = [None] * len(diagnostics)
    open_functions: list[tuple[tuple[int, int], object]] = []  # (end, function), outermost first
    next_function = 0
    for i in order:
        at = (diagnostics[i].line, diagnostics[i].column)
        while next_function < len(placed) and (placed[next_function][0].line, placed[next_function][0].column) <= at:
            span, function = placed[next_function]
            start = (span.line, span.column)
            while open_functions and open_functions[-1][0] < start:
                open_functions.pop()
            open_functions.append(((span.end_line, span.end_column), function))
            next_function += 1
        while open_functions and open_functions[-1][0] < at:
            open_functions.pop()
        around[i] = open_functions[-1][1] if open_functions else None
    return around


def _reached(view: ProjectView, pending: list, options: EngineOptions, facts: ModuleFacts) -> list[Diagnostic]:
    """Findings in other modules of the project, at the hazard, that traces of this file reach
    (a helper's `print` under a jitted caller). Their fixes are left to that file's own check."""
    found: list[Diagnostic] = []
    pending = [(rule, node, message, None, *judged) for rule, node, message, _, *judged in pending]
    for loaded in list(view.modules.values()):
        if not pending:
            break
        if loaded is None or loaded.path == view.path or not any(loaded.collector.may_hold(p[1]) for p in pending):
            continue
        # The findings and the functions around them placed in one generation of the module.
        functions = [f.node for f in loaded.collector.functions if f.node is not None]
        diagnostics, pending, spans, _ = _diagnostics(
            loaded.path, loaded.source, loaded.tree, pending, options, also=functions, collector=loaded.collector
        )
        found.extend(_with_subjects(diagnostics, facts, loaded.collector, loaded.tree, loaded.source, spans=spans))
    return found


def _diagnostics(
    path: str, source: str, module: cst.Module, pending: list, options: EngineOptions, parser: Parser | None = None,
    also: list[cst.CSTNode] = (),  # type: ignore[assignment]
    collector: Collector | None = None,
) -> tuple[list[Diagnostic], list, dict[cst.CSTNode, Span], int]:
    """The findings of ``pending`` that are in ``module``, positioned, the rest, the spans of
    the nodes placed (the findings', their fixes', and ``also``, in the same pass), and how many
    `info` findings were left out. A finding in ``module`` switched off at ``path``
    (``per-file-ignores``, or ``info`` there and not shown) is dropped; those that are not in
    ``module`` are the rest, judged where they are. ``collector``, the module's where known,
    tells which cannot be in it without generating it to the end."""
    if not pending:
        return [], [], {}, 0
    ignored = options.ignores.codes_for(path)
    # ``also`` is placed for the findings shown: none is where each is switched off here or an
    # `info` one left out (the code generation that places nodes then stops at the last finding).
    shown = any(
        rule.CODE not in ignored
        and (options.show_info or options.test_code.judge(path, rule, message, severity, test_idiom)[0] != "info")
        for rule, _, message, _, severity, test_idiom in pending
    )
    wanted: list[cst.CSTNode] = [n for n in also if collector is None or collector.may_hold(n)] if shown else []
    for _, node, _, fix, _, _ in pending:
        if collector is not None and not collector.may_hold(node):
            continue  # another module's (the generation would run to the end of this one)
        wanted.append(node)
        if fix is not None:
            wanted.extend(n for n, _ in fix.replacements)
            if fix.insert_before is not None:
                wanted.append(fix.insert_before[0])
    spans = (parser.node_spans if parser is not None else node_spans)(module, wanted, LineIndex(source))
    noqa = noqa_lines(source)
    lines = split_lines(source)
    seen: set[tuple] = set()
    diagnostics = []
    elsewhere = []
    left_out = 0
    for rule, node, message, fix, severity, test_idiom in pending:
        where = spans.get(node)
        if where is None:
            elsewhere.append((rule, node, message, fix, severity, test_idiom))
            continue
        severity, message = options.test_code.judge(path, rule, message, severity, test_idiom)
        key = (rule.CODE, where.line, where.column, message)
        if rule.CODE in ignored or key in seen or is_suppressed(rule.CODE, rule.NAME, where.line, noqa):
            continue
        seen.add(key)
        if severity == "info" and not options.show_info:
            left_out += 1
            continue
        diagnostics.append(
            Diagnostic(
                path, where.line, where.column, where.end_line, where.end_column, rule.CODE, rule.NAME,
                message, severity, _position_fix(fix, spans, module, lines),
            )
        )
    diagnostics.sort(key=Diagnostic.sort_key)
    return diagnostics, elsewhere, spans, left_out


def _position_fix(request: FixRequest | None, spans: dict[cst.CSTNode, Span], module: cst.Module, lines: list[str]) -> Fix | None:
    """Turn a rule's node-based fix into positioned edits.

    Inserted statements take the indentation of the statement they precede, as written in the
    file (spaces or tabs), and the file's own line ending.
    """
    if request is None:
        return None
    edits = []
    for node, replacement in request.replacements:
        where = spans[node]
        edits.append(Edit(where.line, where.column, where.end_line, where.end_column, replacement))
    if request.insert_before is not None:
        statement, text = request.insert_before
        where = spans[statement]
        indent = lines[where.line - 1][: where.column - 1]
        newline = module.default_newline
        block = "".join(f"{indent}{line}{newline}" if line else newline for line in split_lines(text))
        edits.append(Edit(where.line, 1, where.line, 1, block))
    return Fix(request.title, request.safe, tuple(edits))
