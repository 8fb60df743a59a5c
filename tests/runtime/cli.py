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
