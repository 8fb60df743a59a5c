"""Autofix: before/after pairs; every result re-parses and is a fixed point; files are written
atomically, only when changed, and left byte-identical when a fix cannot be made."""

from __future__ import annotations

import ast
import json

import libcst as cst
import pytest
from cli_run import jaxcheck

from jaxcheck.api import fix_paths
from jaxcheck.config import Config
from jaxcheck.engine import EngineOptions
from jaxcheck.fix import apply_edits, fix_source
from jaxcheck.diagnostics import Edit
from jaxcheck.rules import all_rules

OPTIONS = EngineOptions(all_rules())

PRINT_CASES = [
    (
        'import jax\n\n@jax.jit\ndef f(x):\n    print("x =", x)\n    return x\n',
        'import jax\n\n@jax.jit\ndef f(x):\n    jax.debug.print("x = {}", x)\n    return x\n',
    ),
    (
        'import jax as jx\n\n@jx.jit\ndef f(x, y):\n    print(f"x={x} y={y}!")\n    return x\n',
        'import jax as jx\n\n@jx.jit\ndef f(x, y):\n    jx.debug.print("x={} y={}!", x, y)\n    return x\n',
    ),
    (
        'import jax\n\n@jax.jit\ndef f(x):\n    print("{braces}", x, sep=" | ")\n    return x\n',
        'import jax\n\n@jax.jit\ndef f(x):\n    jax.debug.print("{{braces}} | {}", x)\n    return x\n',
    ),
]
NO_FIX = [
    'import jax\n\n@jax.jit\ndef f(x):\n    print(x, file=None)\n    return x\n',
    'from jax import jit\n\n@jit\ndef f(x):\n    print(x)\n    return x\n',  # no `jax` name to use
    'import jax\n\n@jax.jit\ndef f(x):\n    print(f"{x:.3f}")\n    return x\n',
]


@pytest.mark.parametrize(("before", "after"), PRINT_CASES)
def test_print_fix(before, after):
    outcome = fix_source("t.py", before, OPTIONS, unsafe=True)
    assert outcome.fixed == after
    cst.parse_module(outcome.fixed)
    assert fix_source("t.py", outcome.fixed, OPTIONS, unsafe=True).fixed == outcome.fixed
    assert fix_source("t.py", before, OPTIONS, unsafe=False).fixed == before  # the fix is unsafe


@pytest.mark.parametrize("source", NO_FIX)
def test_no_fix_when_it_cannot_be_exact(source):
    outcome = fix_source("t.py", source, OPTIONS, unsafe=True)
    # (the formatted print is also a JAX202: a format spec on a tracer raises)
    assert outcome.fixed == source and [d.code for d in outcome.result.diagnostics][:1] == ["JAX101"]


def test_apply_edits_with_insertion_and_replacement():
    source = "a = 1\nfor i in x:\n    y = f(i)\n"
    edits = [Edit(2, 1, 2, 1, "g = h\n"), Edit(3, 9, 3, 13, "g(i)")]
    assert apply_edits(source, edits) == "a = 1\ng = h\nfor i in x:\n    y = g(i)\n"


def test_files_written_only_when_changed_and_atomically(tmp_path):
    changed = tmp_path / "changed.py"
    unchanged = tmp_path / "unchanged.py"
    changed.write_text(PRINT_CASES[0][0])
    unchanged.write_text(NO_FIX[0])
    changed.chmod(0o640)
    before = unchanged.stat().st_mtime_ns
    outcomes, result = fix_paths([tmp_path], Config(), unsafe=True)
    assert changed.read_text() == PRINT_CASES[0][1]
    assert oct(changed.stat().st_mode & 0o777) == "0o640"
    assert unchanged.read_text() == NO_FIX[0] and unchanged.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["changed.py", "unchanged.py"]  # no temp files left
    assert [d.path.rsplit("/", 1)[1] for d in result.diagnostics] == ["unchanged.py"]


def test_diff_writes_nothing(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINT_CASES[0][0])
    done = jaxcheck("check", "--diff", "--unsafe-fixes", path)
    assert done.returncode == 1
    assert '-    print("x =", x)' in done.stdout and '+    jax.debug.print("x = {}", x)' in done.stdout
    assert path.read_text() == PRINT_CASES[0][0]


def test_fixes_on_the_examples_reparse_and_are_fixed_points():
    import pathlib

    examples = sorted((pathlib.Path(__file__).parents[1] / "examples").rglob("*.py"))
    for path in examples:
        source = path.read_text()
        outcome = fix_source(str(path), source, OPTIONS, unsafe=True)
        cst.parse_module(outcome.fixed)
        assert fix_source(str(path), outcome.fixed, OPTIONS, unsafe=True).fixed == outcome.fixed, path


STATIC_LIST = (
    "import jax\nfrom functools import partial\n\n\n@partial(jax.jit, static_argnums=1)\ndef mlp(x, sizes):\n"
    "    return x\n\n\ndef main():\n    out = mlp([1, 2, 3, 4, 5, 6, 7, 8, 9], [64, 64])\n    return out\n"
)
FORM_FEEDS = [
    "".join(f"\x0cimport {name}\n" for name in ("os", "sys", "re", "json", "math")) + STATIC_LIST,
    STATIC_LIST.replace("    out = mlp(", "  \x0c    y = 1\n    out = mlp("),
    STATIC_LIST.replace("    return x\n", "  \x0c  return x\n").replace("    out = mlp(", "\x0c    out = mlp("),
]


@pytest.mark.parametrize("source", FORM_FEEDS)
def test_fix_edits_the_right_characters_after_form_feeds(tmp_path, source):
    """libcst writes a form feed in the indentation back differently; the columns reported and
    the fix's edits are the file's own (CPython's ast says the same column)."""
    path = tmp_path / "m.py"
    path.write_bytes(source.encode())
    checked = jaxcheck("check", "--format", "json", path)
    (finding,) = json.loads(checked.stdout)["diagnostics"]
    line = source.split("\n")[finding["line"] - 1]
    assert line[finding["column"] - 1 : finding["end_column"] - 1] == "[64, 64]"
    call = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "mlp")
    assert (call.args[1].lineno, call.args[1].col_offset + 1) == (finding["line"], finding["column"])
    fixed = jaxcheck("check", "--fix", path)
    assert fixed.returncode == 0 and "Fixed 1 finding" in fixed.stdout
    assert path.read_bytes().decode() == source.replace("[64, 64])", "(64, 64))")
