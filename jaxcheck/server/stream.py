"""Messages in and out over stdio, and how the server ends.

pygls's own loop stops understanding the client after one malformed header (it reads the next
message's header as part of a line it cannot match, and every message after it too), sends no
reply to a request whose params it cannot read, and ends the process from inside the event
loop with ``sys.exit``, which its own loop swallows, so the exit status the protocol asks for
is lost. Here:

- a header block without a ``Content-Length`` is skipped up to the next line that has one
  (a malformed message's bytes run into the next header line, so it is searched for, not
  matched whole);
- a request that cannot be read gets a JSON-RPC error reply (InvalidParams, -32602; ParseError,
  -32700, where the body is not JSON); a notification that cannot be read is logged;
- ``exit`` ends the loop with status 0 after ``shutdown`` and 1 without it, as the protocol
  says, and so does the end of stdin.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
from typing import Any, BinaryIO

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcParseError
from pygls.io_ import StdinAsyncReader, StdoutWriter
from pygls.protocol import LanguageServerProtocol, lsp_method

from .documents import ProtocolWorkspace

logger = logging.getLogger(__name__)
_CONTENT_LENGTH = re.compile(rb"Content-Length:[ \t]*(\d+)", re.IGNORECASE)


class JaxcheckProtocol(LanguageServerProtocol):
    """pygls's protocol with the protocol's lines in documents, and an exit that says its status."""

    exit_status: int | None = None

    @lsp_method(lsp.INITIALIZE)
    def lsp_initialize(self, params: lsp.InitializeParams):
        result = yield from super().lsp_initialize(params)
        self._workspace = ProtocolWorkspace.like(self.workspace)
        return result

    @lsp_method(lsp.EXIT)
    def lsp_exit(self, *args) -> None:
        self.exit_status = 0 if self._shutdown else 1

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None) -> None:
        # pygls keeps the future of every handler it runs as a generator (its own handlers of
        # didOpen, didChange, didSave, ...) until a reply is sent, and a notification gets none:
        # measured, 1.8 kB held per edit, for ever (bench/bench_server_memory.py). Forget each
        # one once it is done.
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            future.add_done_callback(lambda done: self._forget_future(msg_id, done))

    def _forget_future(self, msg_id, future) -> None:
        if self._request_futures.get(msg_id) is future:
            del self._request_futures[msg_id]


async def _serve(protocol: JaxcheckProtocol, reader: StdinAsyncReader) -> int:
    while protocol.exit_status is None:
        header = await reader.readline()
        if not header:
            break
        found = _CONTENT_LENGTH.search(header)
        if found is None:
            continue
        while True:  # the other headers, up to the empty line
            line = await reader.readline()
            if not line:
                return _ended(protocol)
            if not line.strip():
                break
        body = await reader.readexactly(int(found.group(1)))
        _handle(protocol, body)
        await asyncio.sleep(0)  # let the handlers this message scheduled run
    return _ended(protocol)


def _ended(protocol: JaxcheckProtocol) -> int:
    if protocol.exit_status is None:  # stdin closed without `exit`
        protocol.exit_status = 0 if protocol._shutdown else 1
    return protocol.exit_status


def _handle(protocol: JaxcheckProtocol, body: bytes) -> None:
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except (ValueError, JsonRpcException) as error:
        _answer_unreadable(protocol, body, error)
        return
    protocol.handle_message(message)


def _answer_unreadable(protocol: JaxcheckProtocol, body: bytes, error: Exception) -> None:
    try:
        raw: Any = json.loads(body)
    except ValueError:
        logger.error("message is not JSON: %s", error)
        # JSON-RPC asks for `"id": null` here; pygls's own replies leave a null id out.
        parse_error = JsonRpcParseError()
        protocol._send_data({"jsonrpc": "2.0", "id": None, "error": {"code": parse_error.code, "message": parse_error.message}})
        return
    if not isinstance(raw, dict) or "id" not in raw or "method" not in raw:
        logger.error("cannot read a notification or response: %s", error)
        return
    if not isinstance(error, JsonRpcException):
        error = JsonRpcInvalidParams()
    protocol._send_response(raw["id"], error=error.to_response_error())


def serve_stdio(protocol: JaxcheckProtocol, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Serve until ``exit`` or the end of stdin; the exit status the protocol asks for."""
    server = protocol._server
    reader = StdinAsyncReader(stdin or sys.stdin.buffer)
    protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    try:
        return asyncio.run(_serve(protocol, reader))
    except BrokenPipeError:
        logger.error("the client closed the connection")
        return 1
    finally:
        server.shutdown()
