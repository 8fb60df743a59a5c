"""The cache stays correct across modules: a file's entry goes when a file it imports changes."""

from __future__ import annotations

import pathlib
import textwrap

from jaxcheck import cache as cache_module
from jaxcheck.api import check_paths
from jaxcheck.config import Config

TRAIN = """
import jax
from utils import summarise

@jax.jit
def step(x):
    if summarise(x) > 0:
        x = -x
    return x
"""
STATIC_HELPER = "def summarise(x):\n    return x.shape[0]\n"
TRACED_HELPER = "def summarise(x):\n    return x.sum()\n"


def run(root: pathlib.Path, monkeypatch) -> tuple[list[tuple[str, int, str]], list[str]]:
    """The findings of a cached run, and the files it checked again."""
    rechecked: list[str] = []
    original = cache_module.Cache.put

    def put(self, key, result):
        rechecked.append(pathlib.Path(result.path).name)
        original(self, key, result)

    monkeypatch.setattr(cache_module.Cache, "put", put)
    result = check_paths([root], Config(root=root), use_cache=True)
    monkeypatch.setattr(cache_module.Cache, "put", original)
    found = sorted((pathlib.Path(d.path).name, d.line, d.code) for d in result.diagnostics)
    return found, sorted(rechecked)


def test_editing_a_helper_changes_the_callers_findings_on_a_warm_cache(tmp_path, monkeypatch):
    (tmp_path / "train.py").write_text(textwrap.dedent(TRAIN).lstrip())
    (tmp_path / "utils.py").write_text(STATIC_HELPER)
    assert run(tmp_path, monkeypatch) == ([], ["train.py", "utils.py"])
    assert run(tmp_path, monkeypatch) == ([], [])  # warm: nothing checked again

    (tmp_path / "utils.py").write_text(TRACED_HELPER)
    assert run(tmp_path, monkeypatch) == ([("train.py", 6, "JAX201")], ["train.py", "utils.py"])
    assert run(tmp_path, monkeypatch) == ([("train.py", 6, "JAX201")], [])

    (tmp_path / "utils.py").write_text(STATIC_HELPER)  # its own entry is still cached: only train.py
    assert run(tmp_path, monkeypatch) == ([], ["train.py"])


def test_a_finding_reached_in_a_helper_follows_the_helper_on_a_warm_cache(tmp_path, monkeypatch):
    (tmp_path / "train.py").write_text(textwrap.dedent(TRAIN).lstrip())
    (tmp_path / "utils.py").write_text(TRACED_HELPER.replace("    return", "    print(x)\n    return"))
    expected = [("train.py", 6, "JAX201"), ("utils.py", 2, "JAX101")]
    assert run(tmp_path, monkeypatch) == (expected, ["train.py", "utils.py"])
    assert run(tmp_path, monkeypatch) == (expected, [])
    (tmp_path / "utils.py").write_text(TRACED_HELPER)
    assert run(tmp_path, monkeypatch) == ([("train.py", 6, "JAX201")], ["train.py", "utils.py"])


def test_a_helper_module_that_appears_invalidates(tmp_path, monkeypatch):
    (tmp_path / "train.py").write_text(textwrap.dedent(TRAIN).lstrip())
    assert run(tmp_path, monkeypatch) == ([], ["train.py"])
    (tmp_path / "utils.py").write_text(TRACED_HELPER)
    assert run(tmp_path, monkeypatch) == ([("train.py", 6, "JAX201")], ["train.py", "utils.py"])
