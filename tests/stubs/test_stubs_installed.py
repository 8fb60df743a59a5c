"""The installed layout: a wheel of jaxcheck installs no ``jax-stubs`` (installing the linter
changes nobody's type checking); ``python -m jaxcheck.stubs install`` puts them into
site-packages, and basedpyright picks them up from there with no configuration."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from stub_checkers import REPO, make_environment, pyright_command

EXPECTED_FILES = {
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
        assert not [name for name in archive.namelist() if name.endswith(".pyi") or "-stubs" in name]
        archive.extractall(site)
    return site


@pytest.fixture(scope="module")
def installed_python(site_packages: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An environment with the unpacked wheel first and this interpreter's packages (jax) after."""
    return make_environment(tmp_path_factory.mktemp("env-installed"), first=[site_packages])


def test_installing_the_wheel_changes_no_type_checking(installed_python: Path, tmp_path: Path) -> None:
    (tmp_path / "step.py").write_text(USER_FILE)
    result = subprocess.run(
        [*pyright_command(), "--outputjson", "--pythonpath", str(installed_python), "step.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    diagnostics = json.loads(result.stdout)["generalDiagnostics"]
    revealed = [d["message"] for d in diagnostics if d["range"]["start"]["line"] == 9]
    assert revealed == ['Type of "step" is "JitWrapped"']  # jax's own type
    assert [d for d in diagnostics if d["severity"] == "error"] == []


def test_install_command_writes_stubs_where_checkers_look(
    installed_python: Path, site_packages: Path
) -> None:
    result = subprocess.run(
        [str(installed_python), "-m", "jaxcheck.stubs", "install", "--target",
         str(site_packages / "jax-stubs")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert (site_packages / "jax-stubs" / "py.typed").read_text() == "partial\n"


def test_basedpyright_uses_the_installed_stubs(
    installed_python: Path, site_packages: Path, tmp_path: Path
) -> None:
    test_install_command_writes_stubs_where_checkers_look(installed_python, site_packages)
    (tmp_path / "step.py").write_text(USER_FILE)
    result = subprocess.run(
        [*pyright_command(), "--outputjson", "--pythonpath", str(installed_python), "step.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    diagnostics = json.loads(result.stdout)["generalDiagnostics"]
    revealed = [d["message"] for d in diagnostics if d["range"]["start"]["line"] == 9]
    assert revealed == ['Type of "step" is "ConvertingJitWrapped[(params: Array, lr: float) -> Array]"']
    errors = [d for d in diagnostics if d["severity"] == "error"]
    # A call no overload of the converting wrapper takes: pyright names the call and the argument.
    assert sorted((d["range"]["start"]["line"] + 1, d["rule"]) for d in errors) == [
        (11, "reportArgumentType"), (11, "reportCallIssue")
    ]


def test_installed_check_command_finds_the_installed_stubs(
    installed_python: Path, site_packages: Path, tmp_path: Path
) -> None:
    test_install_command_writes_stubs_where_checkers_look(installed_python, site_packages)
    result = subprocess.run(
        [str(installed_python), "-m", "jaxcheck.stubs", "check"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "site-packages" in result.stdout and "matches jax" in result.stdout
