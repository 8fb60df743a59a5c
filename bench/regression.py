"""Recall and precision of the linter on the regression corpus (tests/regression), per band.

    python bench/regression.py [--update-baseline]

Prints per band: cases (clean look-alikes among them), expected findings, found, missed,
false findings, recall and precision; then every miss and every false finding as
``path:line CODE``, and the expected findings made only as `info` (counted as found: the
analysis makes them, the default output leaves them out, ``--show-info`` shows them). A finding
is false when its line has no ``# expect:`` naming its code, and any finding in a clean
look-alike is false, `info` or not. ``--update-baseline`` rewrites
tests/regression/baseline.txt, the known misses and false findings that
tests/regression/test_linter_regression.py tolerates.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

from regression import corpus  # noqa: E402


def report(scores: dict[str, corpus.BandScore]) -> str:
    header = (
        f"{'band':<14} {'cases':>5} {'clean':>5} {'expected':>8} {'found':>5} {'missed':>6} {'false':>5} "
        f"{'recall':>7} {'precision':>9}"
    )
    rows = [header]
    bands = [b for b in corpus.BANDS if b in scores]
    for name, band in [*((b, scores[b]) for b in bands), ("all", corpus.total(scores))]:
        rows.append(
            f"{name:<14} {band.cases:>5} {band.clean:>5} {band.expected:>8} {band.found:>5} "
            f"{len(band.missed):>6} {len(band.false):>5} {band.recall:>7.1%} {band.precision:>9.1%}"
        )
    overall = corpus.total(scores)
    rows.append(f"\nmissed ({len(overall.missed)}):")
    rows += [f"  {m}" for m in sorted(overall.missed)]
    rows.append(f"false findings ({len(overall.false)}):")
    rows += [f"  {f}" for f in sorted(overall.false)]
    rows.append(f"found only as `info`, left out of the default output ({len(overall.info)}):")
    rows += [f"  {f}" for f in sorted(overall.info)]
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--update-baseline", action="store_true", help="rewrite tests/regression/baseline.txt"
    )
    args = parser.parse_args()
    cases = corpus.discover()
    scores = corpus.score(cases, corpus.lint(cases))
    print(report(scores))
    if args.update_baseline:
        entries = corpus.baseline_entries(scores)
        added = sorted(set(entries) - corpus.read_baseline())
        corpus.write_baseline(entries)
        print(f"\nwrote {corpus.BASELINE} ({len(entries)} entries; {len(added)} not there before)")
        for entry in added:
            print(f"  new: {entry}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
