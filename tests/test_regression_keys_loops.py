"""Cases rebuilt from public reports of PRNG key misuse (JAX5xx) and unrolled loops (JAX407).

Each file under ``tests/regression/prng`` and ``tests/regression/unroll`` cites its source and
marks the offending line with ``# expect: JAXnnn``; hazards the rules do not find yet are marked
``# missed: JAXnnn (why)`` and must stay unreported (so recall is honest); ``clean_*`` files are
look-alikes that must stay clean. The known misses and false findings of the corpus's baseline
(``regression/baseline.txt``, which ``bench/regression.py --update-baseline`` writes) are held to
the same account here: listed, they are tolerated, and nothing else is. Run this file as a script for recall and precision per family.
"""

from __future__ import annotations

import pathlib
import re

import pytest

from jaxcheck.engine import EngineOptions, check_source
from jaxcheck.rules import all_rules
from regression.corpus import read_baseline

ROOT = pathlib.Path(__file__).resolve().parent / "regression"
FAMILIES = {"prng": "JAX5", "unroll": "JAX407"}
# `# expect: JAX501,JAX503`: any one of the listed codes counts on that line.
_MARK = re.compile(r"#\s*(expect|missed):\s*(JAX\d{3}(?:\s*,\s*JAX\d{3})*)")
OPTIONS = EngineOptions(all_rules())
KNOWN = read_baseline()


def cases() -> list[tuple[str, pathlib.Path]]:
    return [(family, path) for family in FAMILIES for path in sorted((ROOT / family).glob("*.py"))]


def marks(path: pathlib.Path, kind: str) -> set[tuple[int, str]]:
    """(line, codes) per mark; ``codes`` is the comma list as written (`JAX501,JAX503`)."""
    found = set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        for mark, codes in _MARK.findall(line):
            if mark == kind:
                found.add((number, re.sub(r"\s+", "", codes)))
    return found


def matched(found: set[tuple[int, str]], expected: set[tuple[int, str]]) -> set[tuple[int, str]]:
    """The findings that an expectation on their line lists."""
    return {(line, code) for line, code in found if any(at == line and code in codes.split(",") for at, codes in expected)}


def is_clean(path: pathlib.Path) -> bool:
    return path.stem.startswith("clean_") or path.stem.endswith("_clean")


def findings(family: str, path: pathlib.Path) -> set[tuple[int, str]]:
    result = check_source(str(path), path.read_text(), OPTIONS)
    assert result.error is None, result.error
    return {(d.line, d.code) for d in result.diagnostics if d.code.startswith(FAMILIES[family])}


@pytest.mark.parametrize(("family", "path"), cases(), ids=lambda v: getattr(v, "stem", v))
def test_case(family, path):
    text = path.read_text()
    assert "https://" in text.split('"""')[1], f"{path.name} must cite its source"
    name = f"{family}/{path.name}"
    found = {(line, code) for line, code in findings(family, path) if f"false {name}:{line} {code}" not in KNOWN}
    expected = {
        (line, codes) for line, codes in marks(path, "expect")
        if f"miss {name}:{line} {','.join(sorted(codes.split(',')))}" not in KNOWN
    }
    if is_clean(path):
        assert not expected and found == set(), f"{path.name}: {sorted(found)}"
        return
    assert marks(path, "expect") or marks(path, "missed"), f"{path.name} marks no hazard"
    hits = matched(found, expected)
    assert hits == found and len({line for line, _ in hits}) == len(expected), (
        f"{path.name}: found {sorted(found)}, expected {sorted(expected)}"
    )


def test_enough_cases_per_family():
    for family in FAMILIES:
        hazards = [p for f, p in cases() if f == family and not is_clean(p)]
        assert len(hazards) >= 10, family


def scores() -> dict[str, dict[str, float]]:
    table = {}
    for family in FAMILIES:
        hits = misses = false = 0
        for f, path in cases():
            if f != family:
                continue
            found = findings(family, path)
            expected = marks(path, "expect")
            hit_lines = {line for line, _ in matched(found, expected)}
            hits += len(hit_lines)
            misses += len(expected) - len(hit_lines) + len(marks(path, "missed"))
            false += len(found - matched(found, expected))
        table[family] = {
            "hazards": hits + misses, "found": hits, "false": false,
            "recall": hits / max(1, hits + misses), "precision": hits / max(1, hits + false),
        }
    return table


if __name__ == "__main__":
    for family, row in scores().items():
        print(f"{family}: {row['found']}/{row['hazards']} hazards found (recall {row['recall']:.0%}), "
              f"{row['false']} false (precision {row['precision']:.0%})")
