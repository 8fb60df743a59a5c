"""The oldest and the newest supported jax: stubs generated for each make mypy and basedpyright
flag exactly the probes of ``data/versions_probe.py`` that raise on that jax, no more, no fewer.

The newest is the jax of this interpreter. The oldest lives in another environment (jax
installs from the package index), named by ``JAXCHECK_OLDEST_JAX_PYTHON``:

    python -m venv /tmp/old-jax && /tmp/old-jax/bin/pip install "jax==0.4.30" "jaxlib==0.4.30"
    JAXCHECK_OLDEST_JAX_PYTHON=/tmp/old-jax/bin/python pytest tests/stubs/test_stubs_versions.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from stub_checkers import REPO, pyright_command

from jaxcheck.stubs.installed import SUPPORTED_JAX

PROBE = Path(__file__).parent / "data" / "versions_probe.py"
OLDEST = os.environ.get("JAXCHECK_OLDEST_JAX_PYTHON")


def _probe_lines() -> dict[str, range]:
    """Each probe function's lines (1-based)."""
    lines = PROBE.read_text(encoding="utf-8").splitlines()
    starts = [(n, m.group(1)) for n, line in enumerate(lines, 1) if (m := re.match(r"def (probe_\w+)", line))]
    ends = [n for n, _ in starts[1:]] + [len(lines) + 1]
    return {name: range(start, end) for (start, name), end in zip(starts, ends)}


def _run(python: str, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [python, *args], capture_output=True, text=True, check=False, env=env, cwd=cwd
    )
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return result.stdout


def _flagged(lines: list[int]) -> set[str]:
    return {name for name, span in _probe_lines().items() if any(line in span for line in lines)}


@pytest.mark.parametrize("which", ["newest", "oldest"])
def test_checkers_flag_exactly_the_probes_that_raise(which: str, tmp_path: Path) -> None:
    python = sys.executable if which == "newest" else OLDEST
    if python is None:
        pytest.skip("set JAXCHECK_OLDEST_JAX_PYTHON to an interpreter with the oldest supported jax")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    ran = json.loads(_run(python, str(PROBE), env=env))
    assert SUPPORTED_JAX.contains(ran["jax"])
    raising = {name for name, outcome in ran["outcomes"].items() if outcome != "runs"}
    output = str(tmp_path / "stubs" / "jax-stubs")
    _run(python, "-m", "jaxcheck.stubs", "generate", "--output", output, env=env)

    config = {"typeCheckingMode": "standard", "extraPaths": [str(tmp_path / "stubs")]}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    report = json.loads(
        _run(*pyright_command(), "--outputjson", "--pythonpath", python, str(PROBE), cwd=tmp_path)
    )
    pyright_lines = [
        d["range"]["start"]["line"] + 1 for d in report["generalDiagnostics"] if d["severity"] == "error"
    ]
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    mypy_output = _run(
        sys.executable, "-m", "mypy", "--config-file", str(tmp_path / "mypy.ini"),
        "--python-executable", python, "--cache-dir", str(tmp_path / "mypy-cache"),
        "--no-error-summary", str(PROBE),
        env={**os.environ, "PYTHONPATH": str(tmp_path / "stubs")},
    )  # fmt: skip
    mypy_lines = [int(m.group(1)) for m in re.finditer(r"^.+?:(\d+): error:", mypy_output, re.M)]

    for checker, lines in (("pyright", pyright_lines), ("mypy", mypy_lines)):
        flagged = _flagged(lines)
        assert {"false errors": sorted(flagged - raising), "missed errors": sorted(raising - flagged)} == {
            "false errors": [], "missed errors": []
        }, f"{checker} on jax {ran['jax']}"
