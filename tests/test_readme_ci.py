"""The README opens with the two commands, and CI runs exactly the README's test command."""

from __future__ import annotations

import pathlib
import re

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
