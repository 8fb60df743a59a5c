"""The plugin's behaviour, measured by running mypy over the data files.

Each file in ``data/`` is checked once with ``mypy.api`` (one shared cache per plugin setting,
so JAX is analysed once per session for each) and mypy's messages must equal the expectations
written on the lines.
``pass_*`` files are also executed under JAX on the CPU: every typing example also runs.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="the mypy plugin tests need mypy (the test extras)")

from mypy_expectations import actual, describe, expected, read_header, rewrite

DATA = Path(__file__).parent / "data"
REPOSITORY = Path(__file__).resolve().parents[2]
DATA_FILES = sorted(DATA.glob("*.py"))
PASS_FILES = [path for path in DATA_FILES if path.name.startswith("pass_")]


def run_mypy(path: Path, cache_dir: Path, tmp_path: Path, site_flags: list[str]) -> str:
    """mypy's output for ``path``, configured by the file's header."""
    header = read_header(path)
    config = tmp_path / "mypy.ini"
    plugins = "plugins = jaxcheck.mypy\n" if header.plugin else ""
    module_config = "".join(f"{line}\n" for line in header.config)
    # mypy_path finds jaxcheck.typing; the rest of jaxcheck is not what these files test.
    config.write_text(
        f"[mypy]\n{plugins}mypy_path = {REPOSITORY}\n\n"
        "[mypy-jaxcheck.*]\nfollow_imports = skip\n\n"
        "[mypy-jaxcheck.typing]\nfollow_imports = silent\n\n"
        f"[mypy-{path.stem}]\n{module_config}"
    )
    stdout, stderr, _ = api.run(
        [
            "--config-file", str(config),
            "--cache-dir", str(cache_dir),
            "--show-error-codes",
            "--no-error-summary",
            "--hide-error-context",
            "--no-pretty",
            "--show-traceback",
            *site_flags,
            *header.flags,
            str(path),
        ]
    )
    assert "INTERNAL ERROR" not in stdout + stderr, stdout + stderr
    assert not stderr.strip(), stderr
    return stdout


def _skip_unless_available(path: Path) -> None:
    for module in read_header(path).requires:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda path: path.stem)
def test_mypy_output_matches_expectations(
    path: Path,
    mypy_cache_dir: Path,
    mypy_cache_without_plugin: Path,
    tmp_path: Path,
    update_expectations: bool,
    mypy_site_flags: list[str],
) -> None:
    _skip_unless_available(path)
    cache_dir = mypy_cache_dir if read_header(path).plugin else mypy_cache_without_plugin
    messages = actual(run_mypy(path, cache_dir, tmp_path, mypy_site_flags), path)
    if update_expectations:
        rewrite(path, messages)
        return
    want = expected(path)
    assert messages == want, describe(want, messages)
    if path in PASS_FILES:
        assert not any(m.startswith("E:") for line in messages.values() for m in line), path


@pytest.mark.parametrize("path", PASS_FILES, ids=lambda path: path.stem)
def test_pass_file_runs_under_jax(path: Path) -> None:
    _skip_unless_available(path)
    environment = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(REPOSITORY)}
    result = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, env=environment, timeout=300
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_data_files_cover_every_kind() -> None:
    names = {path.stem for path in DATA_FILES}
    assert PASS_FILES, "no pass files"
    assert any(name.startswith("fail_") for name in names)
    assert any(read_header(path).plugin is False for path in DATA_FILES), "no baseline file"
