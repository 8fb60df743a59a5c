"""The pre-commit hooks, run by the real pre-commit tool against a local clone of this repository."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BAD = 'import jax\n\n\n@jax.jit\ndef step(x):\n    print("x", x)\n    return x\n'
GOOD = "import jax\n\n\n@jax.jit\ndef step(x):\n    return x * 2\n"


def git(*args, cwd):
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout.strip()


@pytest.fixture(scope="module")
def hook_repository(tmp_path_factory):
    """This working tree (tracked and untracked, not ignored), committed in a fresh repository."""
    clone = tmp_path_factory.mktemp("jaxcheck-clone")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    for name in listed:
        source = ROOT / name
        if source.is_file():
            target = clone / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    git("init", "-q", cwd=clone)
    git("add", "-A", cwd=clone)
    git("commit", "-q", "-m", "snapshot", cwd=clone)
    return clone, git("rev-parse", "HEAD", cwd=clone)


def run_precommit(hook_repository, tmp_path, hook_id, files, staged=None):
    """Commit ``files`` in a new project with the hook configured, then (with ``staged``) write
    and stage those files and run the hook on the staged files only, as a commit does; else on
    every file."""
    clone, revision = hook_repository
    project = tmp_path / "project"
    project.mkdir(parents=True)
    git("init", "-q", cwd=project)
    config = (ROOT / "examples" / "pre-commit" / ".pre-commit-config.yaml").read_text()
    config = config.replace("JAXCHECK_REPOSITORY", str(clone)).replace("JAXCHECK_REVISION", revision)
    config = config.replace("- id: jaxcheck\n", f"- id: {hook_id}\n")
    (project / ".pre-commit-config.yaml").write_text(config)
    for name, text in files.items():
        (project / name).write_text(text)
    git("add", "-A", cwd=project)
    which = ["--all-files"]
    if staged is not None:
        git("commit", "-q", "-m", "start", cwd=project)
        for name, text in staged.items():
            (project / name).write_text(text)
            git("add", name, cwd=project)
        which = []
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path.parent / "pre-commit-home")}
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", *which, "--color", "never"],
        cwd=project, capture_output=True, text=True, env=env, timeout=600,
    ), project


def _notebook(source: str) -> str:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def test_hook_fails_on_a_finding_and_passes_when_clean(hook_repository, tmp_path):
    files = {"bad.py": BAD, "good.py": GOOD, "bad.ipynb": _notebook(BAD)}
    done, _ = run_precommit(hook_repository, tmp_path, "jaxcheck", files)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "bad.py:6:5: JAX101" in done.stdout
    assert "bad.ipynb:cell 1:6:5: JAX101" in done.stdout  # notebooks are passed to the hook too
    assert "good.py" not in done.stdout.replace("files were modified", "")
    clean, _ = run_precommit(hook_repository, tmp_path / "second", "jaxcheck", {"good.py": GOOD})
    assert clean.returncode == 0, clean.stdout + clean.stderr


def test_fix_hook_applies_only_safe_fixes(hook_repository, tmp_path):
    # The print fix is unsafe, so the fixing hook leaves the file as it is and reports it.
    done, project = run_precommit(hook_repository, tmp_path, "jaxcheck-fix", {"bad.py": BAD})
    assert done.returncode == 1
    assert (project / "bad.py").read_text() == BAD
    assert "JAX101" in done.stdout


UTILS = "def log(x):\n    print(x)\n    return x\n"
TRAIN = "import jax\n\nfrom utils import log\n\n\n@jax.jit\ndef step(x):\n    return log(x) * 2\n"


def test_hook_sees_a_staged_helper_that_an_unstaged_jitted_function_reaches(hook_repository, tmp_path):
    # Only utils.py is staged; the jitted caller is in train.py, committed before. The hook
    # analyses the project, and reports utils.py's finding (and nothing of train.py's).
    files = {"train.py": TRAIN, "utils.py": "def log(x):\n    return x\n", "other.py": BAD}
    done, _ = run_precommit(hook_repository, tmp_path, "jaxcheck", files, staged={"utils.py": UTILS})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "utils.py:2:5: JAX101 `print` in jitted function `log` (called from traced `train.step`)" in done.stdout
    assert "other.py" not in done.stdout and "Found 1 finding in 1 file; 1 file checked." in done.stdout
