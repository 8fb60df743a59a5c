"""A `jaxcheck server` in a subprocess, driven over stdio by pygls's language client.

Used by the server tests and by bench/bench_server.py: every request and notification goes
through the real protocol, nothing calls the server's handlers directly.
"""

from __future__ import annotations

import asyncio
import pathlib
import re
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

    async def start(
        self, root: pathlib.Path, trace: lsp.TraceValue | None = None, position_encodings: list[str] | None = None,
    ) -> lsp.InitializeResult:
        await self.client.start_io(sys.executable, "-m", "jaxcheck", "server")
        capabilities = lsp.ClientCapabilities(
            notebook_document=lsp.NotebookDocumentClientCapabilities(
                synchronization=lsp.NotebookDocumentSyncClientCapabilities()
            ),
            general=lsp.GeneralClientCapabilities(position_encodings=position_encodings) if position_encodings else None,
        )
        result = await self.client.initialize_async(
            lsp.InitializeParams(capabilities=capabilities, root_uri=root.as_uri(), process_id=None, trace=trace)
        )
        self.client.initialized(lsp.InitializedParams())
        return result

    async def stop(self, shutdown: bool = True) -> tuple[int | None, str]:
        """``shutdown`` (unless told not to) and ``exit``: the server's exit status and stderr."""
        if shutdown:
            await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()
        process = self.client._server
        if process is None:
            return None, ""
        stderr = await process.stderr.read() if process.stderr is not None else b""
        return process.returncode, stderr.decode(errors="replace")

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


def drive(scenario, root: pathlib.Path):
    """Run ``scenario(session, root)`` against a fresh server; always shut it down."""

    async def main():
        session = Session()
        await session.start(root)
        try:
            return await scenario(session, root)
        finally:
            await session.stop()

    return asyncio.run(main())


PROTOCOL_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the protocol's: not str.splitlines's


def protocol_offset(text: str, position: lsp.Position) -> int:
    """Where a client puts a protocol position: lines ended by the protocol's line breaks,
    characters counted in UTF-16 code units (the default encoding)."""
    starts = [0, *(match.end() for match in PROTOCOL_LINE_BREAK.finditer(text))]
    if position.line >= len(starts):
        return len(text)
    offset, units = starts[position.line], 0
    while units < position.character and offset < len(text) and text[offset] not in "\r\n":
        units += 2 if ord(text[offset]) > 0xFFFF else 1
        offset += 1
    return offset


def apply_text_edits(text: str, edits: list[lsp.TextEdit]) -> str:
    """What an editor does with a code action's edits."""
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = protocol_offset(text, edit.range.start), protocol_offset(text, edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text
