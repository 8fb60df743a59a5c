"""The linter gets no worse on the regression corpus: no new misses, no new false findings.

baseline.txt lists what it misses or reports wrongly today; anything else failing is a
regression. Entries that now pass are printed so the baseline can shrink
(``python bench/regression.py --update-baseline``).
"""

from __future__ import annotations

import pytest

from .corpus import Case, baseline_entries, discover, lint, read_baseline, score

# The fast loop checks one case in this many (whole: a multi-file case's modules together); the
# full suite checks them all (a third of the fast loop's time went to the whole corpus).
SAMPLE_EVERY = 4


def sampled(cases: list[Case]) -> list[Case]:
    """Every :data:`SAMPLE_EVERY`-th case of the corpus, in its sorted order."""
    keys = list(dict.fromkeys((c.band, c.directory or c.path) for c in cases))
    chosen = set(keys[::SAMPLE_EVERY])
    return [c for c in cases if (c.band, c.directory or c.path) in chosen]


def test_no_new_misses_or_false_findings_on_a_sample() -> None:
    """The fast loop's share of the test below: no new entry on a fixed quarter of the cases."""
    cases = sampled(discover())
    new = sorted(set(baseline_entries(score(cases, lint(cases)))) - read_baseline())
    assert not new, "new misses or false findings on tests/regression:\n" + "\n".join(new)


@pytest.mark.slow
def test_no_new_misses_or_false_findings(capsys) -> None:
    cases = discover()
    current = set(baseline_entries(score(cases, lint(cases))))
    known = read_baseline()
    fixed = sorted(known - current)
    if fixed:
        with capsys.disabled():
            print(f"\n{len(fixed)} baseline entries now pass; shrink the baseline with "
                  "`python bench/regression.py --update-baseline`:")
            for entry in fixed:
                print(f"  fixed: {entry}")
    new = sorted(current - known)
    assert not new, "new misses or false findings on tests/regression:\n" + "\n".join(new)


def test_cases_are_well_formed() -> None:
    cases = discover()
    clean = [c for c in cases if c.clean]
    assert len(cases) - len(clean) >= 1 and clean, "the corpus has hazard cases and clean look-alikes"
    for case in (c for c in cases if c.observed is not None):
        source = case.path.read_text(encoding="utf-8")
        assert "Source: http" in source, f"{case.name}: the docstring names no source URL"
        assert "def run(" in source, f"{case.name}: no run() reproduces the outcome"
