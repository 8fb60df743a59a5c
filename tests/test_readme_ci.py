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
