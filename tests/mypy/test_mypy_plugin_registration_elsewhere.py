"""``jaxcheck-traced-self`` and a class that another module registers as a pytree: the jitted
method runs once that module is imported, so the plugin reports it only when the registering
module is not part of the run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="the mypy plugin tests need mypy (the test extras)")

MODEL = """\
import jax


class Scaler:
    def __init__(self, factor: jax.Array) -> None:
        self.factor = factor

    @jax.jit
    def apply(self, x: jax.Array) -> jax.Array:
        return x * self.factor
"""

REGISTRY = """\
import jax
import jax.numpy as jnp

import model

jax.tree_util.register_pytree_node(
    model.Scaler, lambda s: ((s.factor,), None), lambda _, children: model.Scaler(*children)
)

print(model.Scaler(jnp.float32(2.0)).apply(jnp.ones(2)).tolist())
"""

TRACED = (
    "unregistered.py:8: error: `self` of jitted method `apply` is traced, but `Scaler` is not a pytree,"
    " so every call raises `TypeError`  [jaxcheck-traced-self]"
)


def _check(directory: Path, cache_dir: Path, *files: str) -> list[str]:
    config = directory / "mypy.ini"
    config.write_text("[mypy]\nplugins = jaxcheck.mypy\n")
    stdout, stderr, _ = api.run(
        ["--config-file", str(config), "--cache-dir", str(cache_dir), "--no-error-summary",
         "--show-error-codes", "--hide-error-context", "--no-pretty",
         *(str(directory / name) for name in files)]
    )  # fmt: skip
    assert not stderr, stderr
    # the verdict, not the folder: in two of three full runs mypy named the file by an absolute
    # path that did not start with this directory (not explained; alone it never did)
    return [re.sub(r"^\S*/(?=[^/\s]+\.py:)", "", line) for line in stdout.splitlines()]


@pytest.mark.slow
def test_registration_in_another_module_of_the_run(tmp_path: Path, mypy_cache_dir: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "registry.py").write_text(REGISTRY)
    (tmp_path / "unregistered.py").write_text(MODEL)  # another module name: no cached verdict
    ran = subprocess.run(
        [sys.executable, "registry.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert ran.stdout.strip() == "[2.0, 2.0]", ran.stderr
    assert _check(tmp_path, mypy_cache_dir, "model.py", "registry.py") == []
    assert _check(tmp_path, mypy_cache_dir, "unregistered.py") == [TRACED]
