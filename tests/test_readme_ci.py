"""The README opens with the two commands, and CI runs exactly the README's test command."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text())[:2]


def test_readme_starts_with_the_two_commands():
    install_and_run, test = readme_commands()
    assert "pip install ." in install_and_run and "jaxcheck check examples/" in install_and_run
    assert '.[test]' in test and "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    _, test = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci


def test_readme_example_output_is_what_examples_train_py_gives(monkeypatch, capsys):
    from jaxcheck.cli import main

    block = re.search(r"```console\n\$ jaxcheck check (\S+)\n(.+?)```", (ROOT / "README.md").read_text(), re.S)
    assert block is not None and (ROOT / block.group(1)).is_file()
    monkeypatch.chdir(ROOT)
    assert main(["check", "--no-cache", "--isolated", block.group(1)]) == 1
    assert capsys.readouterr().out == block.group(2)


def test_the_first_command_finds_only_bad_examples_and_train_py_and_exits_1():
    """The README: "every finding is in a `*_bad.py` file or in `train.py` (...), and the command
    exits with status 1"."""
    import json

    from cli_run import jaxcheck

    done = jaxcheck("check", "--no-cache", "--isolated", "--output-format", "json", "examples/", cwd=ROOT)
    assert done.returncode == 1, done.stderr
    paths = {pathlib.PurePath(d["path"]).name for d in json.loads(done.stdout)["diagnostics"]}
    assert paths and all(name.endswith("_bad.py") or name == "train.py" for name in paths), paths


@pytest.mark.slow  # runs the finding on jax
def test_readme_validate_example_is_what_validate_prints():
    pytest.importorskip("jax")
    import os
    import subprocess
    import sys

    block = re.search(r"```console\n\$ jaxcheck validate (\S+)\n(.+?)```", (ROOT / "README.md").read_text(), re.S)
    assert block is not None
    done = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "validate", "--isolated", block.group(1)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env=dict(os.environ, JAX_PLATFORMS="cpu"),
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[0] == block.group(2).strip()
