"""Counts the front-ends report, computed here so that none of them has to: findings per code
(`--statistics`), the fixes a run could apply and those only `--unsafe-fixes` would, and what
`--fix` changed per file (`--show-fixes`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .diagnostics import Diagnostic
from .fix import FixOutcome, applicable


@dataclass(frozen=True)
class Statistic:
    code: str
    name: str
    count: int
    fixable: bool  # some finding of this code has a fix that this run's settings apply

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "name": self.name, "count": self.count, "fixable": self.fixable}


def statistics(diagnostics: Iterable[Diagnostic], unsafe: bool = False) -> list[Statistic]:
    """One entry per code, the most frequent first and codes in order among equals, as ruff
    sorts them."""
    counts: Counter[tuple[str, str]] = Counter()
    fixable: set[str] = set()
    for diagnostic in diagnostics:
        counts[diagnostic.code, diagnostic.name] += 1
        if applicable(diagnostic, unsafe):
            fixable.add(diagnostic.code)
    entries = [Statistic(code, name, count, code in fixable) for (code, name), count in counts.items()]
    return sorted(entries, key=lambda s: (-s.count, s.code))


@dataclass(frozen=True)
class FixAvailability:
    applicable: int  # findings whose fix this run's settings apply
    hidden: int  # findings whose fix only `--unsafe-fixes` applies (0 when it is given)


def fix_availability(diagnostics: Iterable[Diagnostic], unsafe: bool = False) -> FixAvailability:
    found = [d for d in diagnostics if d.fix is not None]
    usable = sum(applicable(d, unsafe) for d in found)
    return FixAvailability(usable, len(found) - usable)


def fixed_per_file(outcomes: Iterable[FixOutcome]) -> dict[str, list[tuple[int, str, str]]]:
    """Path -> (count, code, name) of what the fixes changed there, the most frequent first."""
    fixed: dict[str, list[tuple[int, str, str]]] = {}
    for outcome in outcomes:
        counts = Counter((d.code, d.name) for d in outcome.applied)
        if counts:
            by_code = [(count, code, name) for (code, name), count in sorted(counts.items())]
            fixed[outcome.path] = sorted(by_code, key=lambda entry: -entry[0])
    return fixed
