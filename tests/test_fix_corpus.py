"""Fixes over whole trees of code: every safe fix on a copy of a real-code corpus (the directory
`JAXCHECK_CORPUS` names, or the project's pinned corpus fetched with
`../shared/corpus/get-corpus.sh` when that script sits beside the checkout), every fix, unsafe
ones too, on `examples/`.
Each fixed file must parse and compile, no fix may be refused for breaking its file, and a
second run must change nothing."""

from __future__ import annotations

import collections
import os
import pathlib
import shutil
import subprocess

import libcst as cst
import pytest

from jaxcheck.api import fix_paths
from jaxcheck.config import Config
from jaxcheck.engine import EngineOptions, decode
from jaxcheck.fix import FixOutcome, fix_source
from jaxcheck.rules import all_rules

OPTIONS = EngineOptions(all_rules())
EXAMPLES = pathlib.Path(__file__).parents[1] / "examples"
GET_CORPUS = pathlib.Path(__file__).resolve().parents[2] / "shared" / "corpus" / "get-corpus.sh"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> pathlib.Path:
    """A directory of real JAX code no one here wrote."""
    named = os.environ.get("JAXCHECK_CORPUS")
    if named:
        return pathlib.Path(named)
    if not GET_CORPUS.is_file():
        pytest.skip(f"no corpus: set JAXCHECK_CORPUS, or provide {GET_CORPUS}")
    directory = tmp_path_factory.mktemp("corpus")
    done = subprocess.run(["bash", str(GET_CORPUS), str(directory)], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"could not fetch the corpus: {done.stderr.strip().splitlines()[-1:]}")
    return directory


def check_outcomes(outcomes: list[FixOutcome], unsafe: bool) -> collections.Counter:
    """Assert the guarantees for each outcome; count the fixes applied per code."""
    applied: collections.Counter = collections.Counter()
    refused = [o.error.message for o in outcomes if o.error is not None]
    assert not refused, refused
    for outcome in outcomes:
        applied.update(d.code for d in outcome.applied)
        if not outcome.changed:
            continue
        cst.parse_module(outcome.fixed)
        try:
            compile(outcome.original, outcome.path, "exec")
        except SyntaxError:
            pass  # it did not compile before: only libcst's parse is promised
        else:
            compile(outcome.fixed, outcome.path, "exec")
        again = fix_source(outcome.path, outcome.fixed, OPTIONS, unsafe=unsafe)
        assert again.fixed == outcome.fixed, f"{outcome.path}: a second run changed it"
    return applied


def test_safe_fixes_on_a_copy_of_the_corpus(corpus, tmp_path):
    copy = tmp_path / "corpus"
    shutil.copytree(corpus, copy, symlinks=True)
    outcomes, _ = fix_paths([copy], Config(), unsafe=False)
    assert len(outcomes) > 400, f"expected the real corpus under {corpus}"
    applied = check_outcomes(outcomes, unsafe=False)
    for outcome in outcomes:  # what was written is what was computed
        assert decode(pathlib.Path(outcome.path).read_bytes()) == outcome.fixed
    changed = sum(o.changed for o in outcomes)
    print(f"\ncorpus: {len(outcomes)} files, {changed} changed, safe fixes applied: {dict(sorted(applied.items()))}")


def test_all_fixes_on_the_examples():
    outcomes = [
        fix_source(str(path), path.read_text(), OPTIONS, unsafe=True) for path in sorted(EXAMPLES.rglob("*.py"))
    ]
    applied = check_outcomes(outcomes, unsafe=True)
    # The examples that have a fix get it: print, a list passed as static, jit in a loop.
    assert {"JAX101", "JAX302", "JAX401"} <= set(applied)
