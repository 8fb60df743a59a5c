"""A `jaxcheck server` in a subprocess, driven over stdio by pygls's language client.

Used by the server tests and by bench/bench_server.py: every request and notification goes
through the real protocol, nothing calls the server's handlers directly.
"""

from __future__ import annotations

import asyncio
import pathlib
import sys
import time

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient


class Session:
    def __init__(self) -> None:
        self.client = LanguageClient("jaxcheck-test-client", "1")
        self.published: dict[str, list[tuple[float, lsp.PublishDiagnosticsParams]]] = {}
        self._arrived = asyncio.Condition()
        self.messages: list[str] = []
        self.traces: list[tuple[float, lsp.LogTraceParams]] = []

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def on_diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            self.published.setdefault(params.uri, []).append((time.perf_counter(), params))
            async with self._arrived:
                self._arrived.notify_all()

        @self.client.feature(lsp.WINDOW_SHOW_MESSAGE)
        def on_message(params: lsp.ShowMessageParams) -> None:
            self.messages.append(params.message)

        @self.client.feature(lsp.LOG_TRACE)
        def on_trace(params: lsp.LogTraceParams) -> None:
            self.traces.append((time.perf_counter(), params))

    async def start(self, root: pathlib.Path, trace: lsp.TraceValue | None = None) -> lsp.InitializeResult:
        await self.client.start_io(sys.executable, "-m", "jaxcheck", "server")
        capabilities = lsp.ClientCapabilities(
            notebook_document=lsp.NotebookDocumentClientCapabilities(
                synchronization=lsp.NotebookDocumentSyncClientCapabilities()
            ),
        )
        result = await self.client.initialize_async(
            lsp.InitializeParams(capabilities=capabilities, root_uri=root.as_uri(), process_id=None, trace=trace)
        )
        self.client.initialized(lsp.InitializedParams())
        return result

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()

    def count(self, uri: str) -> int:
        return len(self.published.get(uri, []))

    async def diagnostics_after(self, uri: str, seen: int, timeout: float = 30.0) -> tuple[float, list[lsp.Diagnostic]]:
        """Wait for the publication after the first ``seen`` ones for ``uri``: (when, diagnostics)."""
        async with self._arrived:
            await asyncio.wait_for(self._arrived.wait_for(lambda: self.count(uri) > seen), timeout)
        when, params = self.published[uri][seen]
        return when, list(params.diagnostics)

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "python", version, text))
        )

    def replace(self, uri: str, text: str, version: int) -> None:
        """Send the whole new text as one change."""
        self.client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri),
                [lsp.TextDocumentContentChangeWholeDocument(text)],
            )
        )

    def edit(self, uri: str, version: int, start: tuple[int, int], end: tuple[int, int], text: str) -> None:
        """An incremental change: replace the 0-based range with ``text``."""
        change = lsp.TextDocumentContentChangePartial(
            lsp.Range(lsp.Position(*start), lsp.Position(*end)), text
        )
        self.client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(lsp.VersionedTextDocumentIdentifier(version, uri), [change])
        )

    def save(self, uri: str) -> None:
        self.client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))

    async def code_actions(self, uri: str, diagnostic: lsp.Diagnostic) -> list[lsp.CodeAction]:
        params = lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(uri), diagnostic.range, lsp.CodeActionContext([diagnostic])
        )
        return list(await self.client.text_document_code_action_async(params) or [])

    async def hover(self, uri: str, line: int, character: int) -> lsp.Hover | None:
        return await self.client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))
        )

    def open_notebook(self, uri: str, cells: list[tuple[str, str]]) -> list[str]:
        """Open a notebook of (kind, source) cells; returns the cells' uris."""
        cell_uris = [f"{uri}#cell{index}" for index in range(1, len(cells) + 1)]
        notebook = lsp.NotebookDocument(
            uri, "jupyter-notebook", 1,
            [
                lsp.NotebookCell(lsp.NotebookCellKind.Code if kind == "code" else lsp.NotebookCellKind.Markup, cell_uri)
                for (kind, _), cell_uri in zip(cells, cell_uris)
            ],
        )
        documents = [
            lsp.TextDocumentItem(cell_uri, "python" if kind == "code" else "markdown", 1, source)
            for (kind, source), cell_uri in zip(cells, cell_uris)
        ]
        self.client.notebook_document_did_open(lsp.DidOpenNotebookDocumentParams(notebook, documents))
        return cell_uris

    def replace_cell(self, notebook_uri: str, cell_uri: str, text: str, version: int) -> None:
        change = lsp.NotebookDocumentChangeEvent(
            cells=lsp.NotebookDocumentCellChanges(
                text_content=[
                    lsp.NotebookDocumentCellContentChanges(
                        lsp.VersionedTextDocumentIdentifier(version, cell_uri),
                        [lsp.TextDocumentContentChangeWholeDocument(text)],
                    )
                ]
            )
        )
        self.client.notebook_document_did_change(
            lsp.DidChangeNotebookDocumentParams(lsp.VersionedNotebookDocumentIdentifier(version, notebook_uri), change)
        )


def apply_text_edits(text: str, edits: list[lsp.TextEdit]) -> str:
    """What an editor does with a code action's edits (positions in code points: ASCII tests)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: lsp.Position) -> int:
        return starts[min(position.line, len(lines))] + position.character

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text
