"""`jaxcheck server`, driven over stdio by a real LSP client (pygls's), never by calling handlers."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("pygls")

from lsp_session import Session, apply_text_edits, drive  # noqa: E402 - needs pygls

BAD = "import jax\n\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x * 2\n"
CLEAN = "import jax\n\n\n@jax.jit\ndef step(x):\n    return x * 2\n"


def test_open_edit_fix_and_save(tmp_path):
    async def scenario(session: Session, root):
        uri = (root / "train.py").as_uri()
        session.open(uri, CLEAN)
        _, diagnostics = await session.diagnostics_after(uri, 0)
        assert diagnostics == []
        # Type a print into the jitted body (an incremental change).
        session.edit(uri, 2, (5, 0), (5, 0), "    print(x)\n")
        _, diagnostics = await session.diagnostics_after(uri, 1)
        (finding,) = diagnostics
        assert (finding.code, finding.source, finding.range.start.line, finding.range.start.character) == ("JAX101", "jaxcheck", 5, 4)
        assert session.published[uri][1][1].version == 2
        actions = await session.code_actions(uri, finding)
        fix = next(a for a in actions if "jax.debug.print" in a.title)
        assert "may change behaviour" in fix.title
        fixed = apply_text_edits(BAD, fix.edit.changes[uri])
        assert fixed == BAD.replace("print(x)", 'jax.debug.print("{}", x)')
        session.replace(uri, fixed, 3)
        _, diagnostics = await session.diagnostics_after(uri, 2)
        assert diagnostics == []
        session.save(uri)
        _, diagnostics = await session.diagnostics_after(uri, 3)
        assert diagnostics == []

    drive(scenario, tmp_path)


def test_noqa_action_and_hover(tmp_path):
    async def scenario(session: Session, root):
        uri = (root / "train.py").as_uri()
        session.open(uri, BAD)
        _, (finding,) = await session.diagnostics_after(uri, 0)
        hover = await session.hover(uri, 5, 6)
        assert hover is not None and "JAX101 print-in-jit" in hover.contents.value and "Why is this bad?" in hover.contents.value
        assert await session.hover(uri, 0, 0) is None
        actions = await session.code_actions(uri, finding)
        noqa = next(a for a in actions if "noqa" in a.title)
        suppressed = apply_text_edits(BAD, noqa.edit.changes[uri])
        assert "    print(x)  # noqa: JAX101\n" in suppressed
        session.replace(uri, suppressed, 2)
        _, diagnostics = await session.diagnostics_after(uri, 1)
        assert diagnostics == []
        session.replace(uri, suppressed + "def broken(:\n", 3)  # mid-typing: not Python yet
        _, (error,) = await session.diagnostics_after(uri, 2)
        assert error.code == "JAX001" and error.range.start.line == 7 and "syntax error" in error.message

    drive(scenario, tmp_path)


def test_notebook_documents(tmp_path):
    async def scenario(session: Session, root):
        notebook_uri = (root / "nb.ipynb").as_uri()
        cells = session.open_notebook(
            notebook_uri,
            [
                ("markdown", "# Training"),
                ("code", "%matplotlib inline\nimport jax\n"),
                ("code", "def step(x):\n    print(x)\n    return x\n"),
                ("code", "fast = jax.jit(step)\n"),
            ],
        )
        _, diagnostics = await session.diagnostics_after(cells[2], 0)
        (finding,) = diagnostics
        assert finding.code == "JAX101" and finding.range.start.line == 1
        for other in (cells[1], cells[3]):
            assert (await session.diagnostics_after(other, 0))[1] == []
        actions = await session.code_actions(cells[2], finding)
        noqa = next(a for a in actions if "noqa" in a.title)
        assert list(noqa.edit.changes) == [cells[2]]
        session.replace_cell(notebook_uri, cells[2], "def step(x):\n    return x\n", 2)
        _, diagnostics = await session.diagnostics_after(cells[2], 1)
        assert diagnostics == []

    drive(scenario, tmp_path)


def test_configuration_from_the_nearest_pyproject(tmp_path):
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[tool.jaxcheck]\nignore = ["print-in-jit"]\n')
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "pyproject.toml").write_text('[tool.jaxcheck]\nselect = "JAX1"\n')

    async def scenario(session: Session, root):
        quiet = (project / "src" / "train.py").as_uri()
        session.open(quiet, BAD)
        assert (await session.diagnostics_after(quiet, 0))[1] == []
        loud = (broken / "train.py").as_uri()
        session.open(loud, BAD)
        _, diagnostics = await session.diagnostics_after(loud, 0)
        assert [d.code for d in diagnostics] == ["JAX101"]  # bad settings: defaults, and a message
        assert any("must be a list of strings" in message for message in session.messages)

    drive(scenario, tmp_path)


def test_rapid_changes_are_debounced(tmp_path):
    async def scenario(session: Session, root):
        uri = (root / "train.py").as_uri()
        session.open(uri, CLEAN)
        await session.diagnostics_after(uri, 0)
        for version in range(2, 12):
            session.replace(uri, BAD if version % 2 else CLEAN, version)
        _, diagnostics = await session.diagnostics_after(uri, 1)
        await asyncio.sleep(0.3)
        publications = session.published[uri][1:]
        assert len(publications) < 10 and publications[-1][1].version == 11
        assert [d.code for d in publications[-1][1].diagnostics] == ["JAX101"]

    drive(scenario, tmp_path)


def test_without_pygls_the_command_says_what_to_install():
    code = "import sys; sys.modules['pygls'] = None; from jaxcheck import cli; raise SystemExit(cli.main(['server']))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # jaxcheck is on no package index: the advice is what installs the extra's one package.
    assert done.returncode == 2 and f'{sys.executable} -m pip install "pygls' in done.stderr
    assert 'pip install "jaxcheck[server]"' not in done.stderr


NEOVIM_SCRIPT = """
local client_id = vim.lsp.start_client({ name = "jaxcheck", cmd = { PYTHON, "-m", "jaxcheck", "server" }, root_dir = ROOT })
vim.lsp.buf_attach_client(0, client_id)
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = {}
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out, string.format("%d:%d %s", d.lnum, d.col, d.message)) end
local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, range = { start = { line = 5, character = 4 }, ["end"] = { line = 5, character = 12 } }, context = { diagnostics = {} } }
for _, response in pairs(vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 20000) or {}) do
  for _, action in ipairs(response.result or {}) do table.insert(out, "action: " .. action.title) end
end
vim.fn.writefile(out, OUT)
vim.cmd("qa!")
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
def test_neovims_own_client(tmp_path):
    """Neovim's built-in LSP client (vim.lsp.start_client, Neovim 0.7 and later) gets diagnostics
    and code actions."""
    (tmp_path / "train.py").write_text(BAD)
    out = tmp_path / "out.txt"
    script = tmp_path / "check.lua"
    script.write_text(
        f"local PYTHON, ROOT, OUT = {json.dumps(sys.executable)}, {json.dumps(str(tmp_path))}, {json.dumps(str(out))}\n"
        + NEOVIM_SCRIPT
    )
    subprocess.run(
        ["nvim", "--headless", "-u", "NONE", str(tmp_path / "train.py"), "-c", f"luafile {script}"],
        cwd=tmp_path, timeout=120, capture_output=True,
    )
    lines = out.read_text().splitlines()
    assert lines[0].startswith("5:4 `print` in jitted function `step`")
    assert "action: Suppress JAX101 on this line (`# noqa: JAX101`)" in lines
