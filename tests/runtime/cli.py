"""Running `jaxcheck validate` as users do, on small projects written for a test."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]


def validate_json(cwd: pathlib.Path, *arguments: str, python: str = sys.executable, pythonpath: str = str(ROOT)) -> list[dict]:
    """The findings of `python -m jaxcheck validate --format json ARGUMENTS`, run in ``cwd``."""
    environment = {**os.environ, "PYTHONPATH": pythonpath, "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [python, "-m", "jaxcheck", "validate", "--format", "json", "--isolated", *arguments],
        cwd=cwd, env=environment, capture_output=True, text=True, timeout=300,
    )
    assert completed.stdout, completed.stderr
    return json.loads(completed.stdout)["diagnostics"]


def write_tree(root: pathlib.Path, files: dict[str, str]) -> None:
    """Write each file (its text dedented) under ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def plugin_verdicts(tmp_path: pathlib.Path) -> dict[tuple[str, int, str], dict]:
    """`pytest --jaxcheck` run in ``tmp_path``: the verdict on each finding, by file name, line and code."""
    report = tmp_path / "report.json"
    environment = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin", "-q",
         "-p", "no:cacheprovider", "--jaxcheck", "--jaxcheck-json", str(report)],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return {
        (pathlib.Path(f["path"]).name, f["line"], f["code"]): f.get("validation")
        for f in json.loads(report.read_text())["findings_in_files_that_ran"]
    }
