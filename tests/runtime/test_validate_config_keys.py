"""Every `jaxcheck validate` flag has a `validate-*` key in `[tool.jaxcheck]`: `validate-python`
(relative to the settings file) and `validate-tests` are read by the real CLI as `--python` and
`--no-tests` are, and the flag wins over the key."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from .cli import ROOT, write_tree
from .test_validate_from_tests import PROJECT

WITHOUT_JAX = "/usr/bin/python3"


def _validate(cwd: pathlib.Path, *arguments: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    return subprocess.run(
        [sys.executable, "-m", "jaxcheck", "validate", "--format", "json", *arguments],
        cwd=cwd, env=environment, capture_output=True, text=True, timeout=300,
    )


def _status(completed: subprocess.CompletedProcess) -> str:
    assert completed.stdout, completed.stderr
    (finding,) = [f for f in json.loads(completed.stdout)["diagnostics"] if f["code"] == "JAX101"]
    return finding["validation"]["status"]


def test_validate_tests_false_in_the_config_runs_no_tests(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, {**PROJECT, "pyproject.toml": "[project]\nname = 'stepper'\n\n[tool.jaxcheck]\nvalidate-tests = false\n"})
    assert _status(_validate(tmp_path, "model.py")) == "inconclusive"


def test_validate_python_in_the_config_is_relative_to_the_settings_file(tmp_path: pathlib.Path) -> None:
    if not os.path.exists(WITHOUT_JAX) or subprocess.run([WITHOUT_JAX, "-c", "import jax"], capture_output=True).returncode == 0:
        pytest.skip("needs an interpreter without jax")
    write_tree(tmp_path, {
        "pyproject.toml": "[tool.jaxcheck]\nvalidate-python = \"tools/python\"\n",
        "src/step.py": "import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n",
    })
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "python").symlink_to(WITHOUT_JAX)
    # run from a subdirectory: the key's path is the settings file's, not the working directory's
    completed = _validate(tmp_path / "src", "step.py")
    assert completed.returncode == 2, completed.stderr
    assert completed.stderr.count("validation needs jax") == 1, completed.stderr
    # the flag wins over the key
    completed = _validate(tmp_path / "src", "--python", sys.executable, "--no-tests", "step.py")
    assert "validation needs jax" not in completed.stderr
    assert _status(completed) != "unvalidated"


def test_a_wrong_type_for_the_new_keys_is_a_usage_error_naming_the_key(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": "[tool.jaxcheck]\nvalidate-tests = \"no\"\n", "step.py": "import jax\n"})
    completed = _validate(tmp_path, "step.py")
    assert completed.returncode == 2
    assert "`validate-tests` must be true or false" in completed.stderr
