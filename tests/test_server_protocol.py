"""`jaxcheck server` keeps to the protocol: its lines and character units, its exit statuses,
and answers after malformed input. Driven by pygls's client, or by raw bytes on stdin."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

pytest.importorskip("pygls")

from lsp_session import Session, apply_text_edits, protocol_offset  # noqa: E402 - needs pygls

# Characters that end a line for str.splitlines but not for the protocol (nor for Python).
NOT_LINE_BREAKS = ["\u2028", "\x0c", "\x1c", "\x1d", "\x1e", "\x85"]


def source_with(char: str) -> str:
    return f"import jax\n# a{char}b\n\n@jax.jit\ndef step(x, y):\n    s = '😀{char}'; print(x + y)\n    return x\n"


def test_positions_follow_the_protocols_lines_and_utf16(tmp_path):
    """After a character that str.splitlines breaks at, and a character outside the BMP on the
    finding's own line, the range, the quick fix, the noqa edit, hover and an incremental edit
    all land where the client counts."""

    async def scenario(session: Session):
        for index, char in enumerate(NOT_LINE_BREAKS):
            uri = (tmp_path / f"doc{index}.py").as_uri()
            text = source_with(char)
            session.open(uri, text)
            _, (finding,) = await session.diagnostics_after(uri, 0)
            start, end = protocol_offset(text, finding.range.start), protocol_offset(text, finding.range.end)
            assert text[start:end] == "print(x + y)", repr(char)
            assert await session.hover(uri, finding.range.start.line, finding.range.start.character + 2) is not None
            actions = await session.code_actions(uri, finding)
            fix = next(a for a in actions if "jax.debug.print" in a.title)
            fixed = apply_text_edits(text, fix.edit.changes[uri])
            assert fixed == text.replace("print(x + y)", 'jax.debug.print("{}", x + y)'), repr(char)
            noqa = next(a for a in actions if "noqa" in a.title)
            suppressed = apply_text_edits(text, noqa.edit.changes[uri])
            assert suppressed == text.replace("print(x + y)\n", "print(x + y)  # noqa: JAX101\n"), repr(char)
            # An incremental change after the character: the server's copy stays the client's.
            session.edit(uri, 2, (finding.range.start.line, finding.range.start.character), (finding.range.start.line, finding.range.start.character), "z = 1; ")
            edited = text.replace("print(x + y)", "z = 1; print(x + y)")
            _, (moved,) = await session.diagnostics_after(uri, 1)
            assert edited[protocol_offset(edited, moved.range.start):protocol_offset(edited, moved.range.end)] == "print(x + y)"

    asyncio.run(_session(tmp_path, scenario))


async def _session(root, scenario, shutdown: bool = True, position_encodings: list[str] | None = None):
    session = Session()
    await session.start(root, position_encodings=position_encodings)
    try:
        await scenario(session)
    finally:
        status = await session.stop(shutdown)
    return status


@pytest.mark.parametrize(("encoding", "units"), [("utf-8", 4), ("utf-32", 1)])
def test_the_negotiated_position_encoding(tmp_path, encoding, units):
    """A client that offers only UTF-8 (or UTF-32) gets characters counted in it."""

    async def scenario(session: Session):
        uri = (tmp_path / "doc.py").as_uri()
        session.open(uri, source_with("\u2028"))
        _, (finding,) = await session.diagnostics_after(uri, 0)
        # `    s = '😀\u2028'; ` before the finding: 4 + 5 ASCII, the emoji, U+2028 (3 UTF-8 bytes), 3 ASCII
        assert finding.range.start.character == 9 + units + (3 if encoding == "utf-8" else 1) + 3

    asyncio.run(_session(tmp_path, scenario, position_encodings=[encoding]))


def test_exit_status_follows_the_protocol(tmp_path):
    async def nothing(session: Session):
        return None

    status, stderr = asyncio.run(_session(tmp_path, nothing))
    assert (status, "Traceback" in stderr) == (0, False), stderr
    status, stderr = asyncio.run(_session(tmp_path, nothing, shutdown=False))
    assert (status, "Traceback" in stderr) == (1, False), stderr


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _raw_session(*middle: bytes) -> tuple[int, list[dict]]:
    """Initialize, send ``middle``, shut down and exit, as raw bytes: (status, replies)."""
    messages = [
        _frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "processId": None, "rootUri": None}}),
        _frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        *middle,
        _frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}),
        _frame({"jsonrpc": "2.0", "method": "exit"}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "server"], input=b"".join(messages), capture_output=True, timeout=60,
    )
    replies = []
    for part in done.stdout.split(b"\r\n\r\n")[1:]:
        replies.append(json.JSONDecoder().raw_decode(part.decode())[0])
    return done.returncode, [reply for reply in replies if "id" in reply]


HOVER = {"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": "file:///nowhere.py"}, "position": {"line": 0, "character": 0}}}


def test_a_malformed_header_is_skipped_and_the_next_message_answered():
    status, replies = _raw_session(b"Content-Lenght: 5\r\n\r\nhello", _frame(HOVER))
    assert status == 0
    assert [(reply["id"], reply.get("result"), "error" in reply) for reply in replies] == [
        (1, replies[0]["result"], False), (7, None, False), (99, None, False)
    ]


def test_unreadable_requests_get_error_replies():
    bad_params = {**HOVER, "params": {"textDocument": {"uri": 5}}}
    status, replies = _raw_session(_frame(bad_params), b"Content-Length: 9\r\n\r\n{not json")
    assert status == 0
    errors = [(reply["id"], reply["error"]["code"]) for reply in replies if "error" in reply]
    assert errors == [(7, -32602), (None, -32700)]
    assert replies[-1]["id"] == 99 and "error" not in replies[-1]


def test_a_document_over_the_size_limit_gets_one_diagnostic_and_the_server_answers(tmp_path):
    """The limit `check` applies to files (api.MAX_FILE_BYTES) applies to documents too."""
    from jaxcheck.api import MAX_FILE_BYTES

    big = "import jax\n" + "x = 1\n" * (5 * MAX_FILE_BYTES // 6)

    async def scenario(session: Session):
        uri = (tmp_path / "big.py").as_uri()
        session.open(uri, big)
        _, (error,) = await session.diagnostics_after(uri, 0)
        assert error.code == "JAX001" and f"file too large to check ({len(big):,} bytes; the limit is 1,000,000)" in error.message
        small = (tmp_path / "small.py").as_uri()
        session.open(small, source_with("\u2028"))
        _, (finding,) = await session.diagnostics_after(small, 0)
        assert finding.code == "JAX101"

    asyncio.run(_session(tmp_path, scenario))


def test_notebook_cells_follow_the_protocols_lines(tmp_path):
    async def scenario(session: Session):
        cell_text = "# a\u2028b\x0c\n@jax.jit\ndef step(x, y):\n    s = '😀\x85'; print(x + y)\n    return x\n"
        cells = session.open_notebook((tmp_path / "nb.ipynb").as_uri(), [("code", "import jax\n"), ("code", cell_text)])
        _, (finding,) = await session.diagnostics_after(cells[1], 0)
        start, end = protocol_offset(cell_text, finding.range.start), protocol_offset(cell_text, finding.range.end)
        assert cell_text[start:end] == "print(x + y)"
        noqa = next(a for a in await session.code_actions(cells[1], finding) if "noqa" in a.title)
        assert apply_text_edits(cell_text, noqa.edit.changes[cells[1]]) == cell_text.replace("y)\n", "y)  # noqa: JAX101\n", 1)

    asyncio.run(_session(tmp_path, scenario))
