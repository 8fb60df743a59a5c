"""The language server's incremental parse gives the tree and the findings of a full parse.

Edits are made at random in real files (this repository's own code, its JAX examples, and the
research repositories under /work/research where they are checked out), one after the other
on one parser, as an editor sends them; each version is compared with a parse from scratch.
"""

from __future__ import annotations

import asyncio
import pathlib
import random
import re

import pytest

from jaxcheck import api
from jaxcheck.diagnostics import FileError
from jaxcheck.incremental import IncrementalParser
from jaxcheck.parsing import parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
RESEARCH = pathlib.Path("/work/research")
SNIPPETS = ["print(x)", "", "# note", "    # indented note", "  ", "x = (", ")", '"""', "def g():", "    return 1",
            "@jax.jit", "\\", "if x:", "else:", "from __future__ import annotations"]


def _mutate(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True) or ["\n"]
    at = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:  # a line at the indentation of the line it goes before
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
        lines.insert(at, indent + rng.choice(SNIPPETS) + "\n")
    elif kind == 1:
        del lines[at]
    elif kind == 2:
        lines.insert(at, rng.choice(SNIPPETS) + "\n")
    elif kind == 3:
        del lines[at : at + rng.randrange(1, 8)]
    elif kind == 4:  # a keystroke anywhere
        offset = rng.randrange(len(text) + 1)
        return text[:offset] + rng.choice("a (\n#:x") + text[offset:]
    else:
        lines[at] = lines[at].rstrip("\r\n") + "  # c\n"
    return "".join(lines)


def _same_as_full(parser: IncrementalParser, path: str, text: str) -> bool:
    """Whether the incremental parse of ``text`` is the full parse; returns whether it parsed."""
    incremental, full = parser.parse(path, text), parse(path, text)
    if isinstance(full, FileError):
        assert incremental == full
        return False
    assert not isinstance(incremental, FileError), incremental
    assert incremental.deep_equals(full)
    assert incremental.code == full.code
    return True


def _edit_session(path: pathlib.Path, steps: int, seed: int, diagnostics_every: int) -> tuple[int, int]:
    """Random edits of one file; returns (versions that parsed, findings compared)."""
    rng = random.Random(seed)
    text = path.read_text()
    parser, last_valid, parsed, compared = IncrementalParser(), None, 0, 0
    for step in range(steps):
        valid = _same_as_full(parser, str(path), text)
        if valid:
            parsed += 1
            if step % diagnostics_every == 0:
                mine = api.check_source(text, "edited.py", parser=parser).diagnostics
                assert mine == api.check_source(text, "edited.py").diagnostics
                compared += len(mine)
            last_valid = text
        # After an error, often go back to the last text that parsed (the user finishes typing).
        text = last_valid if not valid and last_valid is not None and rng.random() < 0.6 else _mutate(rng, text)
    return parsed, compared


REAL_FILES = [ROOT / "jaxcheck" / "server" / "language_server.py", *sorted((ROOT / "examples").rglob("*.py"))[:6]]


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_random_edits_of_this_repositorys_files(path):
    parsed, _ = _edit_session(path, steps=12, seed=len(path.name), diagnostics_every=4)
    assert parsed > 3


RESEARCH_FILES = [
    "jaxued/examples/gymnax/gymnax_plr.py",  # most of it in one `make_train`-like function
    "EasyLM/EasyLM/models/llama/llama_model.py",
    "purejaxrl/purejaxrl/ppo.py",
]


@pytest.mark.slow  # about 5 s of CPU each
@pytest.mark.skipif(not RESEARCH.is_dir(), reason="the research repositories are not checked out")
@pytest.mark.parametrize("name", RESEARCH_FILES)
def test_random_edits_of_research_code(name):
    path = RESEARCH / name
    if not path.is_file():
        pytest.skip(f"{name} is not checked out")
    parsed, _ = _edit_session(path, steps=16, seed=3, diagnostics_every=5)
    assert parsed > 4


def _function_file(body_lines: int, indent: str = "    ", newline: str = "\n") -> str:
    """A jitted function of ``body_lines`` statements (the first on line 7) and another after it."""
    body = [f"{indent}x{i} = jnp.sin(x) * {i}" for i in range(body_lines)]
    lines = ["import jax", "import jax.numpy as jnp", "", "", "@jax.jit", "def step(x):", *body, f"{indent}return x"]
    return newline.join([*lines, "", "", "def other(y):", f"{indent}return y", ""])


@pytest.mark.parametrize(
    "old, new",
    [
        # An indented comment after a block belongs to the block; then a blank line and a statement.
        ("def f():\n    x = 1\n\ny = 2\n", "def f():\n    x = 1\n    # note\n\ny = 2\n"),
        ("def f():\n    x = 1\n\ny = 2\n", "def f():\n    x = 1\n# note\n    # indented\ny = 2\n"),
        # The user presses Enter at the end of a function.
        ("def f():\n    x = 1\n\ny = 2\n", "def f():\n    x = 1\n    \n\ny = 2\n"),
        # Comments and blank lines before the first statement are the module's header.
        ("# header\n\nx = 1\ny = 2\n", "# header\n# more\n\nx = 1\ny = 2\n"),
        ("x = 1\ny = 2\n", "  # indented first\nx = 1\ny = 2\n"),
        # A file indented by two spaces: chunks without blocks are parsed with its indentation.
        ("def f():\n  return 1\n\nx = 1\n", "def f():\n  return 1\n\nx = 2\nz = [\n    1]\n"),
        ("def f():\n  return 1\n\nx = 1\n", "def f():\n    return 1\n\nx = 1\n"),
        # Windows line ends, and a change of the file's first line break.
        ("x = 1\r\ndef f():\r\n    return 1\r\n", "x = 1\r\ndef f():\r\n    return 2\r\n"),
        ("x = 1\r\ny = 2\n", "x = 1\ny = 2\n"),
        # No line end at the end of the file, and a footer of comments.
        ("x = 1\ny = 2", "x = 1\ny = 3"),
        ("x = 1\n# end\n", "x = 1\n# end\n\n# more\n"),
        # A `from __future__` import is only legal first.
        ("x = 1\ny = 2\n", "x = 1\nfrom __future__ import annotations\ny = 2\n"),
        # A line of only a backslash, which libcst drops.
        ("x = 1\ny = 2\n", "x = 1\n\\\ny = 2\n"),
        # Statements on one line after `;`, and decorators.
        ("a = 1; b = 2\nc = 3\n", "a = 1; b = 2\nc = 4; d = 5\n"),
        ("@dec\ndef f():\n    pass\n", "@dec\n@other\ndef f():\n    pass\n"),
        # Inside a big function: the body statements touched, with comments at the body's indentation.
        (_function_file(30), _function_file(30).replace("    x5 = ", "    # five\n    x5 = ")),
        (_function_file(30), _function_file(30).replace("    x5 = jnp.sin(x) * 5\n", "")),
        (_function_file(30), _function_file(30).replace("    x29 = jnp.sin(x) * 29\n", "    x29 = 1\n    # last\n")),
        (
            _function_file(30).replace("    x9 =", "    \n  \t\n    x9 ="),
            _function_file(30).replace("    x9 =", "    \n    x9 = 1\n    x9 ="),
        ),
        (_function_file(30), _function_file(30).replace("    x9 =", "    \n        # deeper\n    x9 =")),
        (_function_file(30, "\t"), _function_file(30, "\t").replace("x7 = ", "if x:\n\t\tprint(x)\n\tx7 = ")),
        (_function_file(30, newline="\r\n"), _function_file(30, newline="\r\n").replace("x3 =", "x3 = 1 +")),
    ],
)
def test_edits_at_the_borders_of_what_is_kept(old, new):
    parser = IncrementalParser()
    assert _same_as_full(parser, "t.py", old)
    _same_as_full(parser, "t.py", new)
    _same_as_full(parser, "t.py", old)  # and back


METHOD = "import jax\n\n\nclass T:\n    def __init__(self):\n        self.a = 0\n\n    @jax.jit\n    def f(self, x):\n        print(x)\n        return x\n"


@pytest.mark.parametrize(
    "edited",
    [
        '"doc"\r""\n\r\n' + METHOD,  # the first line break a lone `\r`, the others `\n`
        METHOD.replace("        print(x)", "\x0c        print(x)"),  # libcst cannot read it as it is
        METHOD.replace("        self.a = 0", "  \x0c      self.a = 0"),
    ],
)
def test_an_edit_gives_the_positions_of_a_whole_check(edited):
    parser = IncrementalParser()
    api.check_source(METHOD, "t.py", parser=parser)
    (finding,) = api.check_source(edited, "t.py", parser=parser).diagnostics
    assert finding == api.check_source(edited, "t.py").diagnostics[0]
    line = re.split(r"\r\n|\r|\n", edited)[finding.line - 1]
    assert line[finding.column - 1 : finding.end_column - 1] == "print(x)"


def test_an_edit_in_a_function_body_parses_only_the_statements_it_touches():
    text = _function_file(300)
    parser = IncrementalParser()
    parser.parse("t.py", text)
    edited = text.replace("    x150 = jnp.sin(x) * 150\n", "    print(x)\n    x150 = jnp.sin(x) * 150\n")
    assert _same_as_full(parser, "t.py", edited)
    assert parser.full_parses == 1 and parser.reparsed_statements <= 2
    (finding,) = api.check_source(edited, "t.py", parser=parser).diagnostics
    assert (finding.code, finding.line) == ("JAX101", 157)
    broken = edited.replace("print(x)", "print(x")
    assert isinstance(parser.parse("t.py", broken), FileError)
    assert _same_as_full(parser, "t.py", edited.replace("print(x)", "print(x, 1)"))
    assert parser.full_parses == 1 and parser.reparsed_statements <= 2  # CPython's compiler found the error


def test_the_server_parses_only_what_a_change_touched(tmp_path):
    pytest.importorskip("pygls")
    from lsprotocol import types as lsp
    from lsp_session import Session

    text = _function_file(300)

    async def scenario():
        session = Session()
        await session.start(tmp_path, trace=lsp.TraceValue.Verbose)
        try:
            uri = (tmp_path / "train.py").as_uri()
            session.open(uri, text)
            assert (await session.diagnostics_after(uri, 0))[1] == []
            session.edit(uri, 2, (156, 0), (156, 0), "    print(x)\n")
            _, (finding,) = await session.diagnostics_after(uri, 1)
            assert (finding.code, finding.range.start.line, finding.range.start.character) == ("JAX101", 156, 4)
            traces = [params for _, params in session.traces if "version 2:" in params.message]
            assert traces and re.search(r"statements parsed again: [12]$", traces[-1].verbose)
        finally:
            await session.stop()

    asyncio.run(scenario())
