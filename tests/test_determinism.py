"""Findings and fixes are a function of the input alone: not of memory addresses, hash seeds,
the number of worker processes, or how many other files one run checks.

Generated key programs are the sharpest probe: a key variable may hold several versions after a
branch or a loop, and which earlier use a reuse is reported against must not depend on the order
in which a set of identity-hashed objects happens to iterate."""

from __future__ import annotations

import json
import os
import pathlib
import random
import shutil
import subprocess
import sys

import pytest

from jaxcheck.engine import EngineOptions, check_source
from jaxcheck.fix import fix_source
from jaxcheck.rules import all_rules

ROOT = pathlib.Path(__file__).resolve().parents[1]
OPTIONS = EngineOptions(all_rules())
KEYS = ["key", "rng", "sub", "k1", "k2"]

# Two versions of `key` meet at the last draw: one consumed by `split`, one by a draw. Before
# versions were ordered, 20 copies of this module in one run reported JAX501 for some and JAX504
# for others at the same place.
TWO_PRIOR_USES = """\
import jax

key = jax.random.PRNGKey(0)
k1, k2 = jax.random.split(key)
if k1[0] > 0:
    key = jax.random.PRNGKey(1)
    x = jax.random.normal(key)
y = jax.random.normal(key)
"""


def key_program(rng: random.Random) -> str:
    """A module of splits, draws, seeds, aliases and `fold_in`s of a few key variables, nested in
    branches, loops and functions."""

    def statements(indent: int, depth: int) -> list[str]:
        pad = "    " * indent
        a, b, c = rng.choice(KEYS), rng.choice(KEYS), rng.choice(KEYS)
        choice = rng.randrange(9 if depth < 2 else 6)
        simple = [
            f"{pad}{a}, {b} = jax.random.split({c})",
            f"{pad}x = jax.random.normal({a}, (3,))",
            f"{pad}{a} = jax.random.PRNGKey({rng.randrange(3)})",
            f"{pad}{a} = {b}",
            f"{pad}y = jax.random.uniform({a})",
            f"{pad}{a} = jax.random.fold_in({b}, 1)",
        ]
        if choice < len(simple):
            return [simple[choice]]
        body = [line for _ in range(rng.randrange(1, 4)) for line in statements(indent + 1, depth + 1)]
        if choice == 6:
            return [f"{pad}if x.sum() > 0:", *body]
        if choice == 7:
            return [f"{pad}for i in range(3):", *body]
        return [f"{pad}def draw_{rng.randrange(100)}({a}):", *body, f"{pad}    return {a}"]

    lines = ["import jax", "import jax.numpy as jnp", ""]
    lines += [f"{name} = jax.random.PRNGKey({i})" for i, name in enumerate(KEYS)]
    lines.append("x = jnp.zeros(3)")
    for _ in range(rng.randrange(3, 9)):
        lines += statements(0, 0)
    return "\n".join(lines) + "\n"


def _outcome(source: str) -> tuple[tuple, str]:
    result = check_source("program.py", source, OPTIONS)
    findings = tuple((d.line, d.column, d.code, d.message) for d in result.diagnostics)
    return findings, fix_source("program.py", source, OPTIONS, unsafe=True).fixed


def _assert_repeatable(sources: list[str], repeats: int) -> None:
    rng = random.Random(5)
    for source in sources:
        first = _outcome(source)
        for _ in range(repeats - 1):
            # Allocations in between move the objects the next check makes to other addresses.
            ballast = [object() for _ in range(rng.randrange(1, 200))]
            assert _outcome(source) == first, source
            del ballast
        fixed = first[1]
        assert not fix_source("program.py", fixed, OPTIONS, unsafe=True).changed, fixed


def test_two_prior_uses_report_the_same_reuse_every_time():
    _assert_repeatable([TWO_PRIOR_USES], repeats=8)
    findings, _ = _outcome(TWO_PRIOR_USES)
    assert [(line, code) for line, _, code, _ in findings] == [(8, "JAX504")]


def test_generated_key_programs_are_repeatable():
    rng = random.Random(20261126)
    _assert_repeatable([key_program(rng) for _ in range(25)], repeats=3)


@pytest.mark.slow
def test_many_generated_key_programs_are_repeatable():
    rng = random.Random(1126)
    _assert_repeatable([key_program(rng) for _ in range(150)], repeats=3)


def _check_json(tree: pathlib.Path, jobs: int, hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "check", ".", "--isolated", "--no-cache", "--format", "json", "--jobs", str(jobs)],
        cwd=tree, capture_output=True, env=env,
    )
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout


def test_same_tree_gives_identical_json_across_processes_and_jobs(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "examples", tree)
    rng = random.Random(7)
    for copy in range(20):
        (tree / f"keys_{copy:02}.py").write_text(TWO_PRIOR_USES)
        (tree / f"generated_{copy:02}.py").write_text(key_program(rng))
    runs = [_check_json(tree, 1, "1"), _check_json(tree, 2, "2")]
    assert runs[0] == runs[1]
    found = json.loads(runs[0])["diagnostics"]
    assert {d["code"] for d in found if d["path"].startswith("keys_")} == {"JAX504"}


@pytest.mark.slow
def test_fix_reaches_its_fixed_point_in_one_run(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "examples", tree)
    rng = random.Random(11)
    for copy in range(16):
        (tree / f"generated_{copy:02}.py").write_text(key_program(rng))
    command = [sys.executable, "-m", "jaxcheck", "check", ".", "--isolated", "--no-cache", "--fix", "--unsafe-fixes"]
    first = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    assert "Fixed " in first.stdout + first.stderr
    second = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    assert "Fixed 0 findings" in second.stdout + second.stderr, second.stdout + second.stderr
