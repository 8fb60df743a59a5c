"""Verdicts of `jaxcheck validate` on the bundled examples and the regression corpus (CPU).

    JAX_PLATFORMS=cpu python bench/validate_corpus.py [--examples] [--regression] [--band BAND ...]

Every case of both was run on jax and its hazard seen (the evidence tests, the ground-truth
test), so the target is: every finding on a hazard's line confirmed; no finding of a clean
look-alike (a `*_good.py` example, a `_clean` case) or off an expected line confirmed.

Printed per set and band: true findings (on a line whose `# expect:` names their code, or in a
`*_bad.py` example) by verdict; false findings by verdict; seconds per finding (median, the
slowest) and how many timed out; then each true finding not confirmed and each false finding
confirmed, with the evidence.
"""

from __future__ import annotations

import argparse
import collections
import os
import pathlib
import statistics
import sys
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")
ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from jaxcheck.api import check_paths  # noqa: E402
from jaxcheck.config import Config  # noqa: E402
from jaxcheck.runtime import ValidateOptions, validate  # noqa: E402
from regression import corpus  # noqa: E402


def _example_truth() -> tuple[list[pathlib.Path], dict[pathlib.Path, tuple[str, dict | None]]]:
    """Files, and per file (band, expectations): None means every finding is true."""
    examples = ROOT / "examples"
    paths = sorted(p for p in examples.rglob("*.py") if p.name.endswith(("_bad.py", "_good.py")))
    return paths, {p: (p.parent.name, None if p.name.endswith("_bad.py") else {}) for p in paths}


def _regression_truth(bands: list[str]) -> tuple[list[pathlib.Path], dict[pathlib.Path, tuple[str, dict | None]]]:
    cases = [c for c in corpus.discover() if not bands or c.band in bands]
    return [c.path for c in cases], {c.path.resolve(): (c.band, c.expectations) for c in cases}


def score(name: str, paths: list[pathlib.Path], truth: dict, timeout: float) -> None:
    started = time.perf_counter()
    timings: dict = {}
    # The corpus lives under tests/, where the recompilation rules' findings are `info` and left
    # out of the default output (`info-in-tests`): validate what the analysis finds, as
    # `--show-info` shows it. The cases' project is jaxcheck itself, whose own test suite says
    # nothing of a case's hazard: the experiments alone give the verdicts (`--no-tests`).
    options = ValidateOptions(timeout=timeout, tests=False)
    result = validate(check_paths(paths, Config(show_info=True)), options, timings=timings)
    wall = time.perf_counter() - started
    true: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    false: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    unconfirmed, wrongly_confirmed = [], []
    for diagnostic in result.diagnostics:
        path = pathlib.Path(diagnostic.path).resolve()
        band, expectations = truth.get(path, ("?", {}))
        status = diagnostic.validation.status if diagnostic.validation else "none"
        is_true = expectations is None or diagnostic.code in expectations.get(diagnostic.line, ())
        where = f"{path.relative_to(ROOT)}:{diagnostic.line} {diagnostic.code}"
        evidence = diagnostic.validation.evidence if diagnostic.validation else ""
        if is_true:
            true[band][status] += 1
            if status != "confirmed":
                unconfirmed.append(f"  {where} {status}: {evidence[:400]}")
        else:
            false[band][status] += 1
            if status == "confirmed":
                wrongly_confirmed.append(f"  {where} confirmed: {evidence[:400]}")
    print(f"== {name}: {len(paths)} files, {len(result.diagnostics)} findings, validated in {wall:.0f} s")
    for band in sorted(set(true) | set(false)):
        print(f"  {band:<14} true: {dict(true[band])}  false: {dict(false[band])}")
    totals_true = sum(true.values(), collections.Counter())
    totals_false = sum(false.values(), collections.Counter())
    print(f"  {'all':<14} true: {dict(totals_true)}  false: {dict(totals_false)}")
    slowest = sorted(timings.items(), key=lambda item: -item[1])[:3]
    timed_out = sum("timed out" in (d.validation.evidence if d.validation else "") for d in result.diagnostics)
    print(f"  seconds per finding: median {statistics.median(timings.values()) if timings else 0:.2f}; slowest:",
          ", ".join(f"{pathlib.Path(path).name}#{index} {seconds:.1f}" for (path, index), seconds in slowest),
          f"; timed out: {timed_out}")
    print(f"true findings not confirmed ({len(unconfirmed)}):", *unconfirmed, sep="\n")
    print(f"false findings confirmed ({len(wrongly_confirmed)}):", *wrongly_confirmed, sep="\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", action="store_true", help="only the bundled examples")
    parser.add_argument("--regression", action="store_true", help="only the regression corpus")
    parser.add_argument("--band", action="append", default=[], help="regression bands to run (default: all)")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    both = not args.examples and not args.regression
    if args.examples or both:
        score("examples", *_example_truth(), args.timeout)
    if args.regression or both:
        score("regression corpus", *_regression_truth(args.band), args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
