"""The command-line options a ruff user expects, each run through the real CLI: statistics,
exit-status switches, `--add-noqa`, showing fixes, stdin, extend-select/ignore, output styles,
watch mode and progress. The CLI runs in this process (tests/cli_run.py), but for watch mode,
stopped with Ctrl-C, and `validate`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import libcst
import pytest
from cli_run import jaxcheck

# Two `print`s (JAX101, fixable only with --unsafe-fixes) and a traced `if` (JAX201, no fix).
BAD = """\
import jax


@jax.jit
def step(x):
    print(x)
    if x > 0:
        x = x + 1
    print(x)
    return x * 2
"""


def run(args, cwd=None, stdin=None, env=None):
    return jaxcheck(*args, cwd=cwd, stdin=stdin, env=dict(os.environ, **(env or {})))


def test_statistics_count_per_code_most_frequent_first(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    done = run(["check", "--statistics", str(tmp_path)])
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["2\tJAX101\tprint-in-jit", "1\tJAX201\ttraced-bool-conversion"]
    unsafe = run(["check", "--statistics", "--unsafe-fixes", str(tmp_path)])
    assert unsafe.stdout.splitlines() == ["2\tJAX101\t[*] print-in-jit", "1\tJAX201\t[ ] traced-bool-conversion"]
    as_json = json.loads(run(["check", "--statistics", "--output-format", "json", str(tmp_path)]).stdout)
    assert as_json[0] == {"code": "JAX101", "name": "print-in-jit", "count": 2, "fixable": False}


def test_exit_zero_with_findings_but_not_with_a_broken_config(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    assert run(["check", "--exit-zero", str(tmp_path)]).returncode == 0
    (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\nselect = 3\n")
    broken = run(["check", "--exit-zero", str(tmp_path / "bad.py")])
    assert broken.returncode == 2 and "`select` must be a list of strings" in broken.stderr


def test_exit_non_zero_on_fix_when_nothing_is_left(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text("import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n")
    done = run(["check", "--fix", "--unsafe-fixes", "--exit-non-zero-on-fix", str(path)])
    assert "jax.debug.print" in path.read_text()
    assert done.returncode == 1 and "Fixed 1 finding in 1 file." in done.stdout
    assert run(["check", "--fix", "--exit-non-zero-on-fix", str(path)]).returncode == 0  # nothing left to fix


NOQA_CASES = """\
import jax


@jax.jit
def step(x):
    print(\"\"\"first
second\"\"\")
    print(x)  # keep this note
    if x > 0:  # noqa: JAX101
        x = x + 1
    return x * 2
"""


def test_add_noqa_merges_skips_strings_and_is_idempotent(tmp_path):
    path = tmp_path / "cases.py"
    path.write_text(NOQA_CASES)
    done = run(["check", "--add-noqa", str(path)])
    assert done.returncode == 0
    assert "Added 2 noqa directives." in done.stderr
    assert f"{path}:6: no noqa comment added: the line ends inside a multi-line string" in done.stderr
    text = path.read_text()
    assert "    print(x)  # keep this note  # noqa: JAX101\n" in text
    assert "    if x > 0:  # noqa: JAX101, JAX201\n" in text
    assert 'print("""first\nsecond""")\n' in text
    libcst.parse_module(text)
    again = run(["check", "--add-noqa", str(path)])
    assert "Added 0 noqa directives." in again.stderr and path.read_text() == text
    left = run(["check", "--output-format", "json", str(path)])
    assert [d["line"] for d in json.loads(left.stdout)["diagnostics"]] == [6]


def test_fixability_marker_and_hints(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    plain = run(["check", str(tmp_path / "bad.py")])
    assert f"{tmp_path / 'bad.py'}:6:5: JAX101 `print`" in plain.stdout  # no [*]: the fix is unsafe
    assert "No fixes available (2 hidden fixes can be enabled with the `--unsafe-fixes` option)." in plain.stdout
    marked = run(["check", "--unsafe-fixes", str(tmp_path / "bad.py")])
    assert f"{tmp_path / 'bad.py'}:6:5: JAX101 [*] `print`" in marked.stdout
    assert "[*] 2 fixable with the `--fix` option." in marked.stdout
    fixing = run(["check", "--fix", str(tmp_path / "bad.py")])
    assert "Fixed 0 findings in 0 files (2 hidden fixes can be enabled with the `--unsafe-fixes` option)." in fixing.stdout


def test_show_fixes_with_and_without_fix(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    listed = run(["check", "--show-fixes", str(path)])
    assert f"  {path}:6:5: JAX101 Use `jax.debug.print` (needs `--unsafe-fixes`)" in listed.stdout
    fixed = run(["check", "--fix", "--unsafe-fixes", "--show-fixes", str(path)])
    assert f"Fixed 2 findings in 1 file:\n- {path}:\n    2 × JAX101 (print-in-jit)\n" in fixed.stdout


def test_stdin_check_names_and_fix_writes_nothing(tmp_path):
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[tool.jaxcheck]\nper-file-ignores = { "pkg/quiet.py" = ["JAX201"] }\n')
    (project / "pkg" / "__init__.py").write_text("")
    (project / "pkg" / "helpers.py").write_text("def shout(x):\n    print(x)\n    return x\n")
    anonymous = run(["check", "-"], stdin=BAD)
    assert anonymous.returncode == 1 and anonymous.stdout.startswith("-:6:5: JAX101")
    named = project / "pkg" / "quiet.py"
    checked = run(["check", "--output-format", "json", "--stdin-filename", str(named)], stdin=BAD)
    found = json.loads(checked.stdout)["diagnostics"]
    assert {d["code"] for d in found} == {"JAX101"} and found[0]["path"] == str(named)  # per-file-ignores applied
    caller = "import jax\nfrom pkg.helpers import shout\n\n@jax.jit\ndef step(x):\n    return shout(x)\n"
    across = run(["check", "--output-format", "json", "--stdin-filename", str(project / "pkg" / "train.py")], stdin=caller)
    (reached,) = json.loads(across.stdout)["diagnostics"]  # found through the import, where it is
    assert reached["code"] == "JAX101" and reached["path"].endswith("helpers.py")
    fixed = run(["check", "-", "--fix", "--unsafe-fixes", "--stdin-filename", str(named)], stdin=BAD)
    assert fixed.stdout == BAD.replace("print(x)", 'jax.debug.print("{}", x)')
    assert not named.exists()


def test_extend_select_and_extend_ignore(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    codes = lambda done: sorted({d["code"] for d in json.loads(done.stdout)["diagnostics"]})  # noqa: E731
    base = ["check", "--output-format", "json", str(tmp_path / "bad.py")]
    assert codes(run([*base, "--select", "JAX101", "--extend-select", "JAX201"])) == ["JAX101", "JAX201"]
    assert codes(run([*base, "--extend-ignore", "JAX201"])) == ["JAX101"]
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\nselect = ["JAX101"]\nextend-select = ["JAX2"]\n')
    assert codes(run(base)) == ["JAX101", "JAX201"]
    assert codes(run([*base, "--select", "JAX201"])) == ["JAX201"]  # --select starts again
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\nextend-ignore = ["JAX101"]\n')
    assert codes(run(base)) == ["JAX201"]
    assert codes(run([*base, "--select", "JAX1"])) == ["JAX101"]  # the command line over the file
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\nextend-select = ["JAX999"]\n')
    broken = run(base)
    assert broken.returncode == 2 and "`extend-select`: `JAX999` matches no rule" in broken.stderr
    wrong = run(["check", "--extend-ignore", "nothing-like-this", "--isolated", str(tmp_path / "bad.py")])
    assert wrong.returncode == 2 and "`--extend-ignore`" in wrong.stderr


def test_output_formats_full_grouped_concise(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    full = run(["check", "--output-format", "full", "--unsafe-fixes", str(path)]).stdout
    assert (
        f"{path}:6:5: JAX101 [*] `print` in jitted function `step` runs once at trace time, not on every call\n"
        "  |\n6 |     print(x)\n  |     ^^^^^^^^ JAX101\n  |\n"
        "  = help: Use `jax.debug.print` (unsafe: applied with `--unsafe-fixes`)\n"
    ) in full
    grouped = run(["check", "--output-format", "grouped", str(path)]).stdout
    assert grouped.startswith(f"{path}:\n  6:5 JAX101 `print`")
    assert "\n  7:8 JAX201 " in grouped
    concise = run(["check", "--output-format", "concise", str(path)]).stdout
    assert concise == run(["check", "--format", "text", str(path)]).stdout == run(["check", str(path)]).stdout


def test_watch_reports_again_after_an_edit_and_ctrl_c_exits_zero(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    watcher = subprocess.Popen(
        [sys.executable, "-m", "jaxcheck", "check", "--watch", "--no-cache", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # as from a terminal: a suite started in the background (`cmd &`) ignores SIGINT, and
        # its children would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        first = _read_report(watcher)
        assert "Found 3 findings in 1 file; 1 file checked." in first
        path.write_text(BAD.replace("    print(x)\n    return", "    return"))
        second = _read_report(watcher)
        assert "File change detected" in second and "Found 2 findings in 1 file; 1 file checked." in second
        (tmp_path / "new.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n")
        third = _read_report(watcher)
        assert "Found 3 findings in 2 files; 2 files checked." in third
    finally:
        watcher.send_signal(signal.SIGINT)
        # drain both pipes while it stops: a watcher blocked writing to a full pipe cannot exit
        _, errors = watcher.communicate(timeout=60)
        assert watcher.returncode == 0, errors


def _read_report(process) -> str:
    """The lines up to the next "Watching for file changes." (at most a minute)."""
    lines = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        lines.append(line)
        if "Watching for file changes." in line or not line:
            break
    return "".join(lines)


def _stderr_on_a_terminal(arguments, env, process=False) -> tuple[int, bytes]:
    """Run the CLI with stderr on a pseudo-terminal, in this process (in a process of its own
    where ``process``): (exit status, what the terminal showed)."""
    import pty

    leader, follower = pty.openpty()
    environment = dict(os.environ, **env)
    if process:
        done = subprocess.run(
            [sys.executable, "-m", "jaxcheck", *arguments], stdout=subprocess.PIPE, stderr=follower,
            env=environment, timeout=300,
        )
    else:
        with open(follower, "w", encoding="utf-8", closefd=False) as terminal:
            done = jaxcheck(*arguments, env=environment, stderr=terminal)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    return done.returncode, shown


QUICK_PROGRESS = {"JAXCHECK_PROGRESS_AFTER": "0"}


def test_progress_only_for_people_on_a_terminal(tmp_path):
    for index in range(5):
        (tmp_path / f"m{index}.py").write_text("import jax\n")

    def on_a_terminal(*options):
        status, shown = _stderr_on_a_terminal(["check", "--no-cache", "-j", "1", *options, str(tmp_path)], QUICK_PROGRESS)
        assert status == 0
        return shown

    assert b"\rchecked 5/5 files\r\n" in on_a_terminal()
    assert b"\rchecked 5/5 files\r\n" in on_a_terminal("--fix")
    assert b"checked" not in on_a_terminal("--output-format", "json")
    assert run(["check", "--no-cache", str(tmp_path)], env=QUICK_PROGRESS).stderr == ""  # not a terminal


@pytest.mark.slow  # runs the findings on jax
def test_validate_shows_its_experiments_progress_on_a_terminal(tmp_path):
    """`validate` checks, then runs each finding (seconds each): both phases count on stderr."""
    pytest.importorskip("jax")
    (tmp_path / "bad.py").write_text(BAD + "\n\nstep(1.0)\n")
    environment = {**QUICK_PROGRESS, "JAX_PLATFORMS": "cpu"}
    arguments = ["validate", "--isolated", "--no-tests", str(tmp_path / "bad.py")]
    status, shown = _stderr_on_a_terminal(arguments, environment, process=True)
    assert status == 1
    assert b"\rchecked 1/1 files\r\n" in shown
    assert b"\rvalidated 1/3 findings\rvalidated 2/3 findings\rvalidated 3/3 findings\r\n" in shown
    piped = subprocess.run(
        [sys.executable, "-m", "jaxcheck", *arguments], capture_output=True, text=True,
        env=dict(os.environ, **environment), timeout=120,
    )
    assert "validated" not in piped.stderr and "checked" not in piped.stderr  # not a terminal


def test_add_noqa_leaves_notebooks_alone_and_says_so(tmp_path):
    cells = [["import jax\n"], ["@jax.jit\n", "def step(x):\n", "    print(x)\n", "    return x\n"]]
    notebook = {
        "cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None} for c in cells],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }
    path = tmp_path / "train.ipynb"
    path.write_text(json.dumps(notebook))
    done = run(["check", "--add-noqa", str(path)])
    assert done.returncode == 0 and path.read_text() == json.dumps(notebook)
    assert f"{path}:cell 2:3: no noqa comment added: notebooks are left alone" in done.stderr


def test_stdin_conflicts_are_usage_errors(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    mixed = run(["check", "-", str(tmp_path / "bad.py")], stdin=BAD)
    assert mixed.returncode == 2 and "cannot be checked with other paths" in mixed.stderr
    noqa = run(["check", "--add-noqa", "-"], stdin=BAD)
    assert noqa.returncode == 2 and "--add-noqa needs files, not stdin" in noqa.stderr


def test_project_analyses_the_project_and_reports_only_the_given_files(tmp_path):
    # The pre-commit case: only utils.py is given; the jitted caller is in train.py.
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "utils.py").write_text("def log(x):\n    print(x)\n    return x\n")
    (tmp_path / "pkg" / "train.py").write_text(
        "import jax\n\nfrom utils import log\n\n\n@jax.jit\ndef step(x):\n    print(x)\n    return log(x) * 2\n"
    )
    alone = run(["check", "--no-cache", "pkg/utils.py"], cwd=tmp_path)
    assert (alone.returncode, alone.stdout) == (0, "No findings; 1 file checked.\n")
    within = run(["check", "--no-cache", "--project", "utils.py"], cwd=tmp_path / "pkg")
    assert within.returncode == 1
    assert within.stdout.splitlines()[:2] == [
        "utils.py:2:5: JAX101 `print` in jitted function `log` (called from traced `train.step`) runs once at trace time, not on every call",
        "Found 1 finding in 1 file; 1 file checked.",
    ]
