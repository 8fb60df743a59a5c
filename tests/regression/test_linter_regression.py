"""The linter gets no worse on the regression corpus: no new misses, no new false findings.

baseline.txt lists what it misses or reports wrongly today; anything else failing is a
regression. Entries that now pass are printed so the baseline can shrink
(``python bench/regression.py --update-baseline``).
"""

from __future__ import annotations

from .corpus import baseline_entries, discover, lint, read_baseline, score


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
