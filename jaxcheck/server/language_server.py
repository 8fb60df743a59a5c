"""What `jaxcheck server` does, a thin front-end over `api`.

Diagnostics on open, change (debounced) and save, for Python files and for the cells of
Jupyter notebooks the client syncs as notebook documents; code actions that apply a finding's
fix or add ``# noqa: CODE``, and ``source.fixAll.jaxcheck``, every safe fix of the document;
hover with the rule's documentation.

A Python file is checked as a module of its project, as ``jaxcheck check`` checks it: the
modules it imports are read (from the editor's open documents where they are open), and a
finding its traces reach in another module (a helper's `print` under a jitted caller) is
published for that module, whether it is open or not, for as long as the file that reaches it
is open. A change to a module checks again the open files that read it. The settings come from the
nearest pyproject.toml with a ``[tool.jaxcheck]`` table, as for ``jaxcheck check``; saving a
pyproject.toml re-reads them. Needs pygls (the ``server`` extra; jaxcheck is on no package
index, so install it from a checkout: ``pip install ".[server]"``).
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import re
import time
from dataclasses import dataclass

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__, api
from ..config import Config, ConfigError, load_config
from ..diagnostics import Diagnostic, Edit, FileError, FileResult
from ..heap import collections_spaced
from ..incremental import IncrementalParser
from ..parsing import source_encoding
from ..rules import rule_by_code_or_name
from .documents import ProtocolDocument
from .stream import JaxcheckProtocol, serve_stdio

# Changes closer together than this (to each other or to the end of a check) are one change:
# only the last text is checked, this long after it. A change after a quiet spell is checked at
# once, so a pause in typing costs no waiting.
DEBOUNCE_SECONDS = 0.05
_NOQA_CODES = re.compile(r"#\s*noqa:\s*[\w\-]+(?:[\s,]+[\w\-]+)*", re.IGNORECASE)
_SEVERITY = {
    "error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning,
    "info": lsp.DiagnosticSeverity.Information,
}


@dataclass
class _Finding:
    """A finding as published: the document (a file or a notebook cell) it lies in."""

    uri: str
    diagnostic: Diagnostic
    published: lsp.Diagnostic


class JaxcheckServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "jaxcheck",
            __version__,
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
            notebook_document_sync=lsp.NotebookDocumentSyncOptions(
                notebook_selector=[
                    lsp.NotebookDocumentFilterWithCells(cells=[lsp.NotebookCellLanguage("python")], notebook="*")
                ],
                save=True,
            ),
            protocol_cls=JaxcheckProtocol,
        )
        self.findings: dict[str, list[_Finding]] = {}  # document uri → its findings
        self._pending: dict[str, asyncio.TimerHandle] = {}
        self._busy_until: dict[str, float] = {}  # per target: last change or end of a check (loop time)
        self._configs: dict[pathlib.Path, Config] = {}
        # The last text checked per document or notebook and its result: a save or a reopen of
        # unchanged text republishes it instead of checking again.
        self._last: dict[str, tuple[object, FileResult]] = {}
        # Per document or notebook: its parse, kept so that a change re-parses what it touched.
        self._parsers: dict[str, IncrementalParser] = {}
        # Per open Python document: the findings its traces reach in other files, by their uri.
        self._reached: dict[str, dict[str, list[Diagnostic]]] = {}
        # Documents to check again because a module they read changed (not edited themselves).
        self._rechecks: set[str] = set()

    # -- when to check ---------------------------------------------------------------------------

    def schedule(self, target: str, delay: float) -> None:
        """Check ``target`` (a document or notebook uri) now when nothing happened to it for
        ``delay``, else ``delay`` after this call, replacing a pending check."""
        pending = self._pending.pop(target, None)
        if pending is not None:
            pending.cancel()
        loop = asyncio.get_running_loop()
        quiet = pending is None and loop.time() - self._busy_until.get(target, float("-inf")) >= delay
        if delay <= 0 or quiet:
            self._run_pending(target)
        else:
            self._pending[target] = loop.call_later(delay, self._run_pending, target)
            self._busy_until[target] = loop.time()

    def _run_pending(self, target: str) -> None:
        self._pending.pop(target, None)
        self.check(target, edited=target not in self._rechecks)
        # Changes read while the check ran (it holds the event loop) arrive now: they wait.
        self._busy_until[target] = asyncio.get_running_loop().time()

    def config_for(self, path: pathlib.Path) -> Config:
        directory = path.parent
        if directory not in self._configs:
            try:
                self._configs[directory] = load_config(start=directory) if directory.is_dir() else Config()
            except ConfigError as error:
                self.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Warning, f"jaxcheck: {error}"))
                self._configs[directory] = Config()
        return self._configs[directory]

    def reload_configs(self) -> None:
        self._configs.clear()
        self._last.clear()
        for notebook in list(self.workspace.notebook_documents):
            self.schedule(notebook, 0)
        for uri in list(self.workspace.text_documents):
            if self.workspace.get_notebook_document(cell_uri=uri) is None:
                self.schedule(uri, 0)

    # -- checking and publishing -----------------------------------------------------------------

    def check(self, target: str, edited: bool = True) -> None:
        """Check ``target`` and publish; after an edit (not a check again because a module it
        reads changed), the open files that read it are checked again too."""
        self._rechecks.discard(target)
        notebook = self.workspace.get_notebook_document(notebook_uri=target)
        if notebook is not None:
            self._check_notebook(notebook)
            return
        document = self.workspace.text_documents.get(target)
        if document is None or not _is_python(document.uri, document.language_id):
            return
        path = _path(document.uri)
        config = self.config_for(path)
        source = document.source
        parser = self._parsers.setdefault(target, IncrementalParser())
        held = self._held_texts()
        result = self._memoised(
            target, (source, config), lambda: api.check_source(source, str(path), config, parser, held), document.version
        )
        self._publish(document.uri, result, document.version)
        self._publish_reached(target, result)
        if edited:
            self._check_readers_of(target, path)

    def _held_texts(self) -> dict[str, str]:
        """The open Python documents' texts by absolute path: what the project's modules hold now."""
        return {
            str(_path(uri)): document.source for uri, document in self.workspace.text_documents.items()
            if _is_python(uri, document.language_id) and self.workspace.get_notebook_document(cell_uri=uri) is None
        }

    def _check_readers_of(self, target: str, path: pathlib.Path) -> None:
        """Check again the other open documents whose last check read ``path``."""
        absolute = str(path)
        for uri, (_, result) in list(self._last.items()):
            if uri != target and absolute in result.dependencies and uri in self.workspace.text_documents:
                del self._last[uri]
                self._rechecks.add(uri)
                self.schedule(uri, DEBOUNCE_SECONDS)

    def _publish_reached(self, source_uri: str, result: FileResult) -> None:
        """Keep the findings ``source_uri``'s traces reach in other files, and publish again each
        file whose findings from it changed."""
        reached: dict[str, list[Diagnostic]] = {}
        for diagnostic in result.reached:
            reached.setdefault(from_fs_path(os.path.abspath(diagnostic.path)) or diagnostic.path, []).append(diagnostic)
        before = self._reached.get(source_uri, {})
        self._reached[source_uri] = reached
        for uri in sorted(set(before) | set(reached)):
            if before.get(uri) != reached.get(uri) and uri != source_uri:
                self._republish(uri)

    def _reached_in(self, uri: str) -> list[Diagnostic]:
        """The findings other open documents' traces reach in ``uri``, each once."""
        found: dict[tuple, Diagnostic] = {}
        for source_uri, reached in self._reached.items():
            if source_uri != uri:
                for diagnostic in reached.get(uri, ()):
                    found.setdefault((diagnostic.line, diagnostic.column, diagnostic.code, diagnostic.message), diagnostic)
        return list(found.values())

    def _republish(self, uri: str) -> None:
        """Publish ``uri``'s findings again: its own check's (when it is open) and those reached."""
        last = self._last.get(uri)
        document = self.workspace.text_documents.get(uri)
        if last is not None and document is not None:
            self._publish(uri, last[1], document.version)
        else:
            self._publish(uri, FileResult(str(_path(uri))), None)

    def _check_notebook(self, notebook: lsp.NotebookDocument) -> None:
        documents = [self.workspace.get_text_document(cell.document) for cell in notebook.cells]
        cells = [
            ("code" if cell.kind == lsp.NotebookCellKind.Code else "markdown", document.source)
            for cell, document in zip(notebook.cells, documents)
        ]
        path = _path(notebook.uri)
        config = self.config_for(path)
        parser = self._parsers.setdefault(notebook.uri, IncrementalParser())
        result = self._memoised(
            notebook.uri, (cells, config), lambda: api.check_notebook_cells(cells, str(path), config, parser),
            notebook.version,
        )
        for index, document in enumerate(documents, 1):
            self._publish(document.uri, result, document.version, cell=index)

    def _memoised(self, target: str, key: object, check, version: int | None) -> FileResult:
        last = self._last.get(target)
        if last is not None and last[0] == key:
            return last[1]
        started, started_cpu = time.perf_counter(), time.process_time()
        result = check()
        if self.protocol.trace != lsp.TraceValue.Off:
            wall, cpu = time.perf_counter() - started, time.process_time() - started_cpu
            parser = self._parsers[target]
            self.log_trace(
                lsp.LogTraceParams(
                    f"checked {target} version {version}: {wall * 1000:.1f} ms, CPU {cpu * 1000:.1f} ms",
                    verbose=f"statements parsed again: {parser.reparsed_statements}",
                )
            )
        self._last[target] = (key, result)
        return result

    def _publish(self, uri: str, result: FileResult, version: int | None, cell: int | None = None) -> None:
        document = self._positioned(uri)
        if document is None:
            return
        own = {(d.line, d.column, d.code, d.message) for d in result.diagnostics}
        reached = [d for d in self._reached_in(uri) if (d.line, d.column, d.code, d.message) not in own] if cell is None else []
        findings = []
        for diagnostic in sorted([*result.diagnostics, *reached], key=Diagnostic.sort_key):
            if diagnostic.cell == cell:
                published = lsp.Diagnostic(
                    range=document.range(diagnostic.line, diagnostic.column, diagnostic.end_line, diagnostic.end_column),
                    message=diagnostic.message,
                    severity=_SEVERITY.get(diagnostic.severity, lsp.DiagnosticSeverity.Warning),
                    code=diagnostic.code,
                    source="jaxcheck",
                    # What the finding is about (the function, its trace), for clients that act on it.
                    data={"subject": diagnostic.subject.to_json()} if diagnostic.subject is not None else None,
                )
                findings.append(_Finding(uri, diagnostic, published))
        published = [f.published for f in findings]
        error = result.error
        if error is not None and error.cell == cell:
            start = document.range(error.line or 1, error.column or 1, error.line or 1, error.column or 1).start
            published.append(
                lsp.Diagnostic(
                    range=lsp.Range(start, start), message=error.message, severity=lsp.DiagnosticSeverity.Error,
                    code=error.code, source="jaxcheck",
                )
            )
        self.findings[uri] = findings
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, published, version))

    def forget(self, uri: str, publish: bool = True) -> None:
        """Drop what is kept for a document (and clear its diagnostics) or a notebook."""
        self.findings.pop(uri, None)
        self._last.pop(uri, None)
        self._parsers.pop(uri, None)
        self._busy_until.pop(uri, None)
        self._rechecks.discard(uri)
        for target in self._reached.pop(uri, {}):
            if target != uri:
                self._republish(target)
        if publish:
            reached = self._reached_in(uri)
            if reached:
                self._publish(uri, FileResult(str(_path(uri))), None)  # what open files reach there stays
            else:
                self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, []))

    def document(self, uri: str) -> ProtocolDocument:
        return self.workspace.get_text_document(uri)  # type: ignore[return-value]  # see JaxcheckProtocol

    def _positioned(self, uri: str) -> ProtocolDocument | None:
        """The open document ``uri``, or one holding the text of its file on disk (where a file
        that is not open has findings other files reach); None when it cannot be read."""
        if uri in self.workspace.text_documents:
            return self.document(uri)
        data = api.read_source_file(_path(uri))
        if isinstance(data, FileError):
            return None
        try:
            source = data.decode(source_encoding(data))
        except (ValueError, SyntaxError, LookupError):
            return None
        return ProtocolDocument(uri, source=source, position_codec=self.workspace.position_codec)

    def _text_edit(self, uri: str, edit: Edit) -> lsp.TextEdit:
        return lsp.TextEdit(self.document(uri).range(edit.line, edit.column, edit.end_line, edit.end_column), edit.replacement)

    # -- code actions and hover ------------------------------------------------------------------

    def code_actions(self, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        """Quick fixes of the findings in the range, and `source.fixAll.jaxcheck` (every safe fix
        of the document), as far as the client's ``only`` asks for them."""
        only = params.context.only
        actions = self._quick_fixes(params) if _wanted(lsp.CodeActionKind.QuickFix, only) else []
        if _wanted(FIX_ALL, only):
            fix_all = self._fix_all(params.text_document.uri)
            if fix_all is not None:
                actions.append(fix_all)
        return actions

    def _fix_all(self, uri: str) -> lsp.CodeAction | None:
        """Every safe fix of a Python document at once, as `jaxcheck check --fix` applies them
        (None when there is none): one edit of the whole text."""
        document = self.workspace.text_documents.get(uri)
        if document is None or not _is_python(uri, document.language_id) or self.workspace.get_notebook_document(cell_uri=uri):
            return None
        path = _path(uri)
        outcome = api.fix_stdin(document.source, str(path), self.config_for(path))
        if not outcome.changed or outcome.error is not None:
            return None
        whole = self.document(uri).range(1, 1, 1 << 30, 1)
        count = len(outcome.applied)
        return lsp.CodeAction(
            title=f"Fix all safely fixable jaxcheck findings ({count})",
            kind=FIX_ALL,
            edit=lsp.WorkspaceEdit(document_changes=[
                lsp.TextDocumentEdit(
                    lsp.OptionalVersionedTextDocumentIdentifier(uri, document.version),
                    [lsp.TextEdit(whole, outcome.fixed)],
                )
            ]),
        )

    def _quick_fixes(self, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        uri = params.text_document.uri
        wanted = params.range
        actions = []
        for finding in self.findings.get(uri, []):
            if not _overlaps(finding.published.range, wanted):
                continue
            diagnostic = finding.diagnostic
            if diagnostic.fix is not None:
                edits = [self._text_edit(uri, e) for e in diagnostic.fix.edits]
                safety = "" if diagnostic.fix.safe else " (may change behaviour)"
                actions.append(
                    lsp.CodeAction(
                        title=f"{diagnostic.fix.title} ({diagnostic.code}){safety}",
                        kind=lsp.CodeActionKind.QuickFix,
                        diagnostics=[finding.published],
                        edit=lsp.WorkspaceEdit(changes={uri: edits}),
                        is_preferred=diagnostic.fix.safe,
                    )
                )
            actions.append(
                lsp.CodeAction(
                    title=f"Suppress {diagnostic.code} on this line (`# noqa: {diagnostic.code}`)",
                    kind=lsp.CodeActionKind.QuickFix,
                    diagnostics=[finding.published],
                    edit=lsp.WorkspaceEdit(changes={uri: [self._noqa_edit(uri, diagnostic)]}),
                )
            )
        return actions

    def _noqa_edit(self, uri: str, diagnostic: Diagnostic) -> lsp.TextEdit:
        """Append ``# noqa: CODE`` to the finding's first line, or add the code to a noqa there."""
        positions = self.document(uri).positions
        text = positions.index.line_text(diagnostic.line) if diagnostic.line <= len(positions.index.starts) else ""
        existing = _NOQA_CODES.search(text)
        if existing is not None:
            column, insertion = existing.end(), f", {diagnostic.code}"
        else:
            column, insertion = len(text), f"  # noqa: {diagnostic.code}"
        at = lsp.Position(*positions.position(diagnostic.line, column + 1))
        return lsp.TextEdit(lsp.Range(at, at), insertion)

    def hover(self, params: lsp.HoverParams) -> lsp.Hover | None:
        at = params.position
        sections = []
        for finding in self.findings.get(params.text_document.uri, []):
            if _contains(finding.published.range, at):
                rule = rule_by_code_or_name(finding.diagnostic.code)
                docs = rule.docs() if rule is not None else ""
                sections.append(f"**{finding.diagnostic.code} {finding.diagnostic.name}**: {finding.diagnostic.message}\n\n{docs}")
        if not sections:
            return None
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, "\n\n---\n\n".join(sections)))


# The kind of the fix-all action, under the protocol's `source.fixAll` (as ruff's `source.fixAll.ruff`).
FIX_ALL = f"{lsp.CodeActionKind.SourceFixAll.value}.jaxcheck"


def _wanted(kind: str, only: list[str] | None) -> bool:
    """Whether a client that asked for the kinds ``only`` (None: any) wants actions of ``kind``:
    a kind asked for covers the kinds under it (`source` covers `source.fixAll.jaxcheck`)."""
    return only is None or any(kind == asked or kind.startswith(f"{asked}.") for asked in only)


def _is_python(uri: str, language_id: str | None) -> bool:
    return language_id == "python" or uri.endswith((".py", ".pyi"))


def _path(uri: str) -> pathlib.Path:
    return pathlib.Path(to_fs_path(uri) or uri)


def _overlaps(found: lsp.Range, wanted: lsp.Range) -> bool:
    start, end = (found.start.line, found.start.character), (found.end.line, found.end.character)
    return start <= (wanted.end.line, wanted.end.character) and (wanted.start.line, wanted.start.character) <= end


def _contains(found: lsp.Range, at: lsp.Position) -> bool:
    point = (at.line, at.character)
    return (found.start.line, found.start.character) <= point <= (found.end.line, found.end.character)


def _scheduler(document_uri, delay: float):
    def handler(ls: JaxcheckServer, params) -> None:
        ls.schedule(document_uri(params), delay)

    return handler


# Notifications that only (re)check a document or a notebook: (its uri, delay before checking).
_CHECKED_ON = {
    lsp.TEXT_DOCUMENT_DID_OPEN: (lambda params: params.text_document.uri, 0.0),
    lsp.TEXT_DOCUMENT_DID_CHANGE: (lambda params: params.text_document.uri, DEBOUNCE_SECONDS),
    lsp.NOTEBOOK_DOCUMENT_DID_OPEN: (lambda params: params.notebook_document.uri, 0.0),
    lsp.NOTEBOOK_DOCUMENT_DID_SAVE: (lambda params: params.notebook_document.uri, 0.0),
}


def create_server() -> JaxcheckServer:
    server = JaxcheckServer()
    for method, (document_uri, delay) in _CHECKED_ON.items():
        server.feature(method)(_scheduler(document_uri, delay))

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: JaxcheckServer, params: lsp.DidSaveTextDocumentParams) -> None:
        if params.text_document.uri.endswith("pyproject.toml"):
            ls.reload_configs()
        else:
            ls.schedule(params.text_document.uri, 0)

    @server.feature(lsp.INITIALIZE)
    def initialize(ls: JaxcheckServer, params: lsp.InitializeParams) -> None:
        # `$/logTrace` reports each check's time when the client asks for traces.
        ls.protocol.trace = params.trace or lsp.TraceValue.Off

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: JaxcheckServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_did_change(ls: JaxcheckServer, params: lsp.DidChangeNotebookDocumentParams) -> None:
        ls.schedule(params.notebook_document.uri, DEBOUNCE_SECONDS)
        structure = params.change.cells.structure if params.change.cells else None
        for closed in (structure.did_close or []) if structure else []:
            ls.forget(closed.uri)

    @server.feature(lsp.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_did_close(ls: JaxcheckServer, params: lsp.DidCloseNotebookDocumentParams) -> None:
        for cell in params.cell_text_documents:
            ls.forget(cell.uri)
        ls.forget(params.notebook_document.uri, publish=False)

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.SourceFixAll, FIX_ALL]),
    )
    def code_action(ls: JaxcheckServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        return ls.code_actions(params)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: JaxcheckServer, params: lsp.HoverParams) -> lsp.Hover | None:
        return ls.hover(params)

    return server


def main() -> int:
    """Serve over stdio; the exit status the protocol asks for (0 after `shutdown`, else 1)."""
    server = create_server()
    with collections_spaced():  # what start-up built lives as long as the server: no collection walks it
        return serve_stdio(server.protocol)  # type: ignore[arg-type]
