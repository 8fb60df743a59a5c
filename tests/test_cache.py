"""The cache: reused when nothing changed; invalidated by content, configuration and version."""

from __future__ import annotations

import json
import pathlib

from cli_run import jaxcheck

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
    jaxcheck("check", "--no-cache", "a.py", cwd=tmp_path)
    assert not (tmp_path / ".jaxcheck_cache").exists()
    jaxcheck("check", "a.py", cwd=tmp_path)
    assert (tmp_path / ".jaxcheck_cache").is_dir()


def test_a_dangling_link_committed_as_the_caches_gitignore_creates_nothing_outside(tmp_path):
    project, outside = tmp_path / "project", tmp_path / "outside"
    (project / ".jaxcheck_cache").mkdir(parents=True)
    outside.mkdir()
    (project / "a.py").write_text(BAD)
    (project / ".jaxcheck_cache" / ".gitignore").symlink_to("../../outside/created.txt")
    for _ in range(2):
        result = jaxcheck("check", "a.py", cwd=project)
        assert result.returncode == 1 and "a.py:5:5: JAX101" in result.stdout, result.stderr
    assert list(outside.iterdir()) == []
    ignore = project / ".jaxcheck_cache" / ".gitignore"
    assert not ignore.is_symlink() and ignore.read_text().endswith("*\n")


def test_a_cache_directory_that_is_a_link_is_not_used_and_the_run_says_so_once(tmp_path):
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    (project / "a.py").write_text(BAD)
    (project / "b.py").write_text(BAD.replace("step", "other"))
    (project / ".jaxcheck_cache").symlink_to(elsewhere)
    result = jaxcheck("check", "--format", "json", ".", cwd=project)
    assert result.returncode == 1 and len(json.loads(result.stdout)["diagnostics"]) == 2
    assert result.stderr.count("jaxcheck: note: .jaxcheck_cache is a symbolic link; the cache is not used") == 1
    assert "--no-cache" in result.stderr and list(elsewhere.iterdir()) == []
    assert jaxcheck("check", "--no-cache", ".", cwd=project).stderr == ""


def test_checking_another_directory_keeps_the_cache_with_the_checked_project(tmp_path):
    here, loose, project = tmp_path / "here", tmp_path / "loose", tmp_path / "project"
    for directory in (here, loose, project / "src" / "pkg", tmp_path / "configured" / "sub"):
        directory.mkdir(parents=True)
    (loose / "a.py").write_text(BAD)
    (project / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (project / "src" / "pkg" / "a.py").write_text(BAD)
    (tmp_path / "configured" / "pyproject.toml").write_text("[tool.jaxcheck]\nignore = ['JAX102']\n")
    (tmp_path / "configured" / "sub" / "a.py").write_text(BAD)
    for target, cache_at in (
        ("../loose", loose),  # no project around it: the checked directory
        ("../project/src/pkg", project),  # the nearest directory with a pyproject.toml
        ("../configured/sub/a.py", tmp_path / "configured"),  # beside the configuration that applies
    ):
        assert jaxcheck("check", target, cwd=here).returncode == 1
        assert (cache_at / ".jaxcheck_cache").is_dir(), target
    assert list(here.iterdir()) == []


HELPER = """from functools import partial

import jax
import jax.numpy as jnp


def scaled_ones(shape, value):
    @partial(jax.jit, donate_argnames="arr")
    def value_fn(arr, val):
        return arr * val

    return value_fn(jnp.ones(shape), value)
"""
CALLER = "from helpers import scaled_ones\n\nE = scaled_ones((4,), 1.0)\nH = scaled_ones((4,), 2.0)\n"


def test_a_result_is_reused_only_with_the_same_files_checked_beside_it(tmp_path, monkeypatch):
    # A file's findings can depend on the other checked modules (its callers): a result cached
    # by `check helpers.py` must not stand in for helpers.py in `check .`, nor the reverse
    # (fdtdx's sharding.py lost its two JAX402 in `check .` after a `check sharding.py`).
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "helpers.py").write_text(HELPER)
    (tmp_path / "init.py").write_text(CALLER)
    config = Config(root=tmp_path)
    helper = tmp_path / "helpers.py"
    check_paths([helper], config, use_cache=True)
    seen = checked_paths(monkeypatch)
    whole = check_paths([tmp_path], config, use_cache=True)
    assert sorted(pathlib.Path(p).name for p in seen) == ["helpers.py", "init.py"]
    assert [d.code for d in whole.diagnostics] == ["JAX402"]
    seen.clear()
    assert check_paths([helper], config, use_cache=True).diagnostics == [] and seen == []
    check_paths([tmp_path], config, use_cache=True)
    assert seen == []  # the same files checked together again: both results reused
