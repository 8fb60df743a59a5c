"""`jaxcheck server` checks a file as a module of its project, as `jaxcheck check` does, and
offers every safe fix at once (`source.fixAll.jaxcheck`); all through a real LSP client."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as lsp  # noqa: E402 - comes with pygls
from lsp_session import Session, apply_text_edits, drive  # noqa: E402 - needs pygls

UTILS = "def log(x):\n    print(x)\n    return x\n"
TRAIN = "import jax\n\nfrom utils import log\n\n\n@jax.jit\ndef step(x):\n    return log(x) * 2\n"

# Two static arguments given as lists (JAX302, safe fixes) and a `print` (JAX101, unsafe fix).
FIXABLE = """\
from functools import partial

import jax


@partial(jax.jit, static_argnums=1)
def mlp(x, sizes):
    for n in sizes:
        x = x * n
    print(x)
    return x


mlp(1.0, [64, 64])
mlp(1.0, [32])
"""


async def published_until(session: Session, uri: str, wanted, timeout: float = 60.0) -> list[lsp.Diagnostic]:
    """The diagnostics of the first publication for ``uri`` (from the latest on) that ``wanted`` accepts."""
    seen = 0
    while True:
        if session.count(uri) > seen:
            seen = session.count(uri)
            diagnostics = list(session.published[uri][-1][1].diagnostics)
            if wanted(diagnostics):
                return diagnostics
            continue
        _, _ = await session.diagnostics_after(uri, seen, timeout)


def codes_at(diagnostics: list[lsp.Diagnostic]) -> list[tuple[str, int, int]]:
    return [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics]  # type: ignore[misc]


def test_a_finding_in_an_imported_module_is_published_for_that_module(tmp_path):
    (tmp_path / "utils.py").write_text(UTILS)
    (tmp_path / "train.py").write_text(TRAIN)

    async def scenario(session: Session, root):
        train, utils = (root / "train.py").as_uri(), (root / "utils.py").as_uri()
        session.open(train, TRAIN)
        _, diagnostics = await session.diagnostics_after(train, 0)
        assert diagnostics == []
        # utils.py is not open: its finding, reached from train.py's jitted `step`, is published.
        reached = await published_until(session, utils, lambda found: found)
        assert codes_at(reached) == [("JAX101", 1, 4)]
        assert "called from traced `train.step`" in reached[0].message
        # Opened, it keeps the finding; edited (the print removed), the finding goes.
        session.open(utils, UTILS)
        assert codes_at(await published_until(session, utils, lambda found: found)) == [("JAX101", 1, 4)]
        session.replace(utils, "def log(x):\n    return x\n", 2)
        assert await published_until(session, utils, lambda found: not found) == []
        # Typed back into the open utils.py (not saved), train.py's traces find it again.
        session.replace(utils, UTILS, 3)
        assert codes_at(await published_until(session, utils, lambda found: found)) == [("JAX101", 1, 4)]
        # train.py closed: nothing reaches utils.py any more.
        session.client.text_document_did_close(lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(train)))
        assert await published_until(session, utils, lambda found: not found) == []

    drive(scenario, tmp_path)


def test_fix_all_applies_every_safe_fix_of_the_document(tmp_path):
    async def scenario(session: Session, root):
        uri = (root / "model.py").as_uri()
        session.open(uri, FIXABLE)
        _, diagnostics = await session.diagnostics_after(uri, 0)
        assert sorted(d.code for d in diagnostics) == ["JAX101", "JAX302", "JAX302"]
        whole = lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))
        for only in (["source.fixAll"], ["source.fixAll.jaxcheck"], ["source"]):
            params = lsp.CodeActionParams(lsp.TextDocumentIdentifier(uri), whole, lsp.CodeActionContext([], only=only))
            (action,) = await session.client.text_document_code_action_async(params)
            assert (action.kind, action.title) == ("source.fixAll.jaxcheck", "Fix all safely fixable jaxcheck findings (2)")
            (change,) = action.edit.document_changes
            assert change.text_document.uri == uri
            fixed = apply_text_edits(FIXABLE, change.edits)
            assert fixed == FIXABLE.replace("[64, 64]", "(64, 64)").replace("[32]", "(32,)")
        # Asked for quick fixes only, no fix-all; the print's unsafe fix is no part of it.
        params = lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(uri), whole, lsp.CodeActionContext([], only=[lsp.CodeActionKind.QuickFix])
        )
        assert all(a.kind == lsp.CodeActionKind.QuickFix for a in await session.client.text_document_code_action_async(params))
        session.replace(uri, fixed, 2)
        _, diagnostics = await session.diagnostics_after(uri, 1)
        assert [d.code for d in diagnostics] == ["JAX101"]
        params = lsp.CodeActionParams(lsp.TextDocumentIdentifier(uri), whole, lsp.CodeActionContext([], only=["source.fixAll"]))
        assert not await session.client.text_document_code_action_async(params)

    drive(scenario, tmp_path)


def test_the_server_says_it_offers_fix_all(tmp_path):
    async def main():
        session = Session()
        result = await session.start(tmp_path)
        await session.stop()
        return result

    kinds = asyncio.run(main()).capabilities.code_action_provider.code_action_kinds
    assert "source.fixAll.jaxcheck" in kinds and "quickfix" in kinds
