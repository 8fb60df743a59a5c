"""No input crashes the checker: mutated, truncated and shuffled versions of real JAX code
either check or come back as a JAX001 error."""

from __future__ import annotations

import pathlib
import random

from jaxcheck.engine import EngineOptions, check_source
from jaxcheck.rules import all_rules

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEEDS = sorted((ROOT / "examples").rglob("*.py")) + sorted((ROOT / "jaxcheck" / "rules").rglob("*.py"))[:10]
OPTIONS = EngineOptions(all_rules())
SNIPPETS = [
    "jax.jit(", "@jax.jit\n", "lambda x: x", "for i in range(n):\n", "    ", ")", "]", "static_argnums=1",
    "print(x)", "global g\n", "if x > 0:\n", "partial(jax.jit, static_argnums=(0,))", "x[:i]", "\n",
    "self.x = 1\n", "async ", "yield x\n", "*args", "**kw", ":=", "match x:\n    case 1:\n",
]


def mutations(source: str, rng: random.Random):
    lines = source.splitlines(keepends=True)
    yield source[: rng.randrange(len(source) + 1)]
    if lines:
        cut = rng.randrange(len(lines))
        yield "".join(lines[:cut] + lines[cut + 1 :])
        shuffled = lines[:]
        rng.shuffle(shuffled)
        yield "".join(shuffled)
        for _ in range(4):
            position = rng.randrange(len(source) + 1)
            yield source[:position] + rng.choice(SNIPPETS) + source[position:]
        dedented = [line.lstrip() if rng.random() < 0.3 else line for line in lines]
        yield "".join(dedented)


def test_mutated_sources_never_crash():
    rng = random.Random(20261122)
    checked = errors = 0
    for path in SEEDS:
        for source in mutations(path.read_text(), rng):
            result = check_source(str(path), source, OPTIONS)
            if result.error is not None:
                assert result.error.code == "JAX001" and result.error.message
                errors += 1
            checked += 1
    assert checked > 100 and 0 < errors < checked
