"""The installed layout: a wheel of jaxcheck puts ``jax-stubs`` next to ``jaxcheck`` in
site-packages, and basedpyright picks the stubs up from there with no configuration."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from stub_checkers import REPO, STUBS, make_environment, pyright_command

EXPECTED_FILES = {
    "jax-stubs/__init__.pyi",
    "jax-stubs/_jaxcheck_wrappers.pyi",
    "jax-stubs/py.typed",
    "jax-stubs/numpy/__init__.pyi",
    "jaxcheck/stubs/templates/transforms.pyi.in",
    "jaxcheck/stubs/templates/_jaxcheck_wrappers.pyi.in",
}
USER_FILE = """\
import jax
import jax.numpy as jnp


@jax.jit
def step(params: jax.Array, lr: float) -> jax.Array:
    return params - lr * jnp.sign(params)


reveal_type(step)
step(jnp.ones(3), "fast")
"""


@pytest.fixture(scope="module")
def site_packages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel of the project, built from a copy (the build writes ``build/``), unpacked."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "jaxcheck", source / "jaxcheck", ignore=ignore)
    shutil.copytree(STUBS, source / "stubs", ignore=ignore)
    dist = tmp_path_factory.mktemp("dist")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if build.returncode != 0 and "No matching distribution" in build.stdout + build.stderr:
        pytest.skip("building a wheel needs setuptools from a package index, unreachable here")
    assert build.returncode == 0, build.stdout + build.stderr
    site = tmp_path_factory.mktemp("site-packages")
    (wheel,) = dist.glob("jaxcheck-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert EXPECTED_FILES <= set(archive.namelist())
        archive.extractall(site)
    return site


@pytest.fixture(scope="module")
def installed_python(site_packages: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An environment with the unpacked wheel first and this interpreter's packages (jax) after."""
    return make_environment(tmp_path_factory.mktemp("env-installed"), first=[site_packages])


def test_wheel_ships_the_stubs_with_jax_own_pyi_files(site_packages: Path) -> None:
    stubs = site_packages / "jax-stubs"
    assert (stubs / "py.typed").read_text() == "partial\n"
    assert {p.relative_to(stubs) for p in stubs.rglob("*.pyi")} == {
        p.relative_to(STUBS / "jax-stubs") for p in (STUBS / "jax-stubs").rglob("*.pyi")
    }


def test_basedpyright_uses_the_installed_stubs(installed_python: Path, tmp_path: Path) -> None:
    (tmp_path / "step.py").write_text(USER_FILE)
    result = subprocess.run(
        [*pyright_command(), "--outputjson", "--pythonpath", str(installed_python), "step.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    diagnostics = json.loads(result.stdout)["generalDiagnostics"]
    revealed = [d["message"] for d in diagnostics if d["range"]["start"]["line"] == 9]
    assert revealed == ['Type of "step" is "JitWrapped[Array, (params: Array, lr: float)]"']
    errors = [d for d in diagnostics if d["severity"] == "error"]
    assert [(d["range"]["start"]["line"] + 1, d["rule"]) for d in errors] == [(11, "reportArgumentType")]


def test_installed_check_command_finds_the_installed_stubs(installed_python: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(installed_python), "-m", "jaxcheck.stubs", "check"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "site-packages" in result.stdout and "matches jax" in result.stdout
