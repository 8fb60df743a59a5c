"""mypy hashes only the module named in `plugins` (`jaxcheck.mypy`), so the plugin puts jaxcheck's
version and sources in its cache key: after an upgrade (here a copy of jaxcheck whose message
changed) the same cache directory gives the new plugin's messages, not the old ones'."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy.api", reason="the mypy plugin tests need mypy (the test extras)")

PACKAGE = Path(__file__).resolve().parents[2] / "jaxcheck"
USES = """\
from functools import partial

import jax


@partial(jax.jit, static_argnames="config")
def step(x: jax.Array, config: object) -> jax.Array:
    return x


step(jax.numpy.ones(2), [1])
"""
OLD = "cannot be hashed"


def _mypy(site: Path, project: Path, cache_dir: Path) -> str:
    environment = {**os.environ, "PYTHONPATH": str(site)}
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(project / "mypy.ini"), "--cache-dir", str(cache_dir),
         "--no-error-summary", "--hide-error-context", "--no-pretty", "--follow-imports=silent", str(project / "uses.py")],
        cwd=project, env=environment, capture_output=True, text=True, timeout=600,
    )
    assert not completed.stderr, completed.stderr
    return completed.stdout


def test_an_upgraded_plugin_does_not_replay_the_old_plugins_messages(tmp_path: Path, mypy_site_flags: list[str]) -> None:
    if mypy_site_flags:
        pytest.skip("an installed jax-stubs would be typed instead of jax")
    site, project, cache_dir = tmp_path / "site", tmp_path / "project", tmp_path / "cache"
    shutil.copytree(PACKAGE, site / "jaxcheck", ignore=shutil.ignore_patterns("__pycache__"))
    project.mkdir()
    (project / "mypy.ini").write_text("[mypy]\nplugins = jaxcheck.mypy\n")
    (project / "uses.py").write_text(USES)
    assert OLD in _mypy(site, project, cache_dir)

    calls = site / "jaxcheck" / "mypy" / "errors.py"
    assert OLD in calls.read_text()
    calls.write_text(calls.read_text().replace(OLD, "is not hashable (upgraded)"))
    again = _mypy(site, project, cache_dir)
    assert "is not hashable (upgraded)" in again and OLD not in again, again
