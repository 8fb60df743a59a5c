"""The cache: reused when nothing changed; invalidated by content, configuration and version."""

from __future__ import annotations

import subprocess
import sys

from jaxcheck import cache as cache_module
from jaxcheck.api import check_paths
from jaxcheck.config import Config

BAD = "import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n"


def checked_paths(monkeypatch):
    seen = []
    original = cache_module.Cache.put

    def put(self, key, result):
        seen.append(result.path)
        original(self, key, result)

    monkeypatch.setattr(cache_module.Cache, "put", put)
    return seen


def test_warm_run_reuses_results_and_content_change_invalidates(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text(BAD)
    (tmp_path / "b.py").write_text("import jax\n")
    config = Config(root=tmp_path)
    cold = check_paths([tmp_path], config, use_cache=True)
    assert (tmp_path / ".jaxcheck_cache" / ".gitignore").read_text().strip().endswith("*")
    seen = checked_paths(monkeypatch)
    warm = check_paths([tmp_path], config, use_cache=True)
    assert seen == [] and warm.diagnostics == cold.diagnostics
    (tmp_path / "b.py").write_text(BAD.replace("step", "other_step"))
    again = check_paths([tmp_path], config, use_cache=True)
    assert [p.rsplit("/", 1)[1] for p in seen] == ["b.py"] and len(again.diagnostics) == 2


def test_config_change_invalidates(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text(BAD)
    check_paths([tmp_path], Config(root=tmp_path), use_cache=True)
    seen = checked_paths(monkeypatch)
    result = check_paths([tmp_path], Config(root=tmp_path, ignore=("JAX101",)), use_cache=True)
    assert len(seen) == 1 and result.diagnostics == []


def test_version_change_invalidates(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text(BAD)
    check_paths([tmp_path], Config(root=tmp_path), use_cache=True)
    seen = checked_paths(monkeypatch)
    monkeypatch.setattr(cache_module, "__version__", "999.0")
    check_paths([tmp_path], Config(root=tmp_path), use_cache=True)
    assert len(seen) == 1


def test_corrupt_cache_is_ignored(tmp_path):
    (tmp_path / "a.py").write_text(BAD)
    check_paths([tmp_path], Config(root=tmp_path), use_cache=True)
    for path in (tmp_path / ".jaxcheck_cache").glob("results-*.json"):
        path.write_text("{not json")
    assert len(check_paths([tmp_path], Config(root=tmp_path), use_cache=True).diagnostics) == 1


def test_no_cache_flag_writes_nothing(tmp_path):
    (tmp_path / "a.py").write_text(BAD)
    subprocess.run([sys.executable, "-m", "jaxcheck", "check", "--no-cache", "a.py"], cwd=tmp_path, capture_output=True)
    assert not (tmp_path / ".jaxcheck_cache").exists()
    subprocess.run([sys.executable, "-m", "jaxcheck", "check", "a.py"], cwd=tmp_path, capture_output=True)
    assert (tmp_path / ".jaxcheck_cache").is_dir()
