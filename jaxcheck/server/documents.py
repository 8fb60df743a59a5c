"""Documents as the client counts them.

pygls splits a document into lines with ``str.splitlines``, which also breaks at ``\\x0b``,
``\\x0c``, ``\\x1c``-``\\x1e``, U+0085, U+2028 and U+2029; the protocol (and Python) end lines
at ``\\n``, ``\\r\\n`` and ``\\r`` only. After one of those characters pygls's lines are not the
client's: incremental changes land on the wrong line and positions sent back point elsewhere.
Here every position in or out goes through :class:`jaxcheck.positions.ProtocolPositions`.
"""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.workspace import TextDocument, Workspace

from ..positions import ProtocolPositions, split_lines


class ProtocolDocument(TextDocument):
    """A pygls text document whose lines and positions are the protocol's."""

    _positions: ProtocolPositions | None = None

    @property
    def lines(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(split_lines(self.source, keepends=True))

    @property
    def positions(self) -> ProtocolPositions:
        """Positions in the current text, in the units the client and server agreed on."""
        source = self.source
        if self._positions is None or self._positions.index.text is not source:
            encoding = self.position_codec.encoding  # a PositionEncodingKind: a str enum, hashed by name
            self._positions = ProtocolPositions(source, getattr(encoding, "value", encoding) or "utf-16")
        return self._positions

    def range(self, line: int, column: int, end_line: int, end_column: int) -> lsp.Range:
        """The protocol's range of jaxcheck's 1-based span."""
        positions = self.positions
        return lsp.Range(lsp.Position(*positions.position(line, column)), lsp.Position(*positions.position(end_line, end_column)))

    def _apply_incremental_change(self, change: lsp.TextDocumentContentChangePartial) -> None:
        positions = self.positions
        start = positions.offset(change.range.start.line, change.range.start.character)
        end = positions.offset(change.range.end.line, change.range.end.character)
        self._source = self.source[:start] + change.text + self.source[max(start, end):]


class ProtocolWorkspace(Workspace):
    """pygls's workspace, holding :class:`ProtocolDocument` s."""

    @classmethod
    def like(cls, workspace: Workspace) -> ProtocolWorkspace:
        return cls(
            workspace.root_uri, workspace._sync_kind, list(workspace.folders.values()), workspace.position_encoding,
        )

    def _create_text_document(self, doc_uri, source=None, version=None, language_id=None) -> TextDocument:
        return ProtocolDocument(
            doc_uri, source=source, version=version, language_id=language_id, sync_kind=self._sync_kind,
            position_codec=self.position_codec,
        )
