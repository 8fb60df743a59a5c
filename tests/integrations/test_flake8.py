"""The flake8 plugin, run through real flake8: same positions and suppressions as the CLI."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("flake8", reason="the flake8 plugin tests need flake8 (the test extras)")

SOURCE = """\
import jax


@jax.jit
def step(x):
    print("x", x)
    print("y")  # noqa: print-in-jit
    print("z")  # noqa: JAX101
    return x
"""


def test_flake8_reports_like_the_cli(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(SOURCE)
    flake8 = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "JAX", str(path)], capture_output=True, text=True, cwd=tmp_path
    )
    cli = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "check", "--no-cache", str(path)], capture_output=True, text=True, cwd=tmp_path
    )
    assert flake8.returncode == 1, flake8.stderr
    flake8_lines = flake8.stdout.splitlines()
    assert flake8_lines == [cli.stdout.splitlines()[0]]
    assert flake8_lines[0].startswith(f"{path}:6:5: JAX101 ")


def test_flake8_plugin_is_registered():
    done = subprocess.run([sys.executable, "-m", "flake8", "--version"], capture_output=True, text=True)
    assert "jaxcheck" in done.stdout
