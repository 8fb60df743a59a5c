"""Seconds per validated finding on CPU over the bundled bad examples (target: median <= 1 s).

    JAX_PLATFORMS=cpu python bench/bench_validate.py [--jobs N] [PATH ...]

A finding's time runs from the previous result of its module (or from the moment its module was
sent to the worker: fork, backend start and import included) to its own result. The worker's
start-up (importing jax once per run) is reported on its own and in the wall time.
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

from jaxcheck.api import check_paths  # noqa: E402
from jaxcheck.config import Config  # noqa: E402
from jaxcheck.runtime import ValidateOptions, validate  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=pathlib.Path)
    parser.add_argument("--jobs", type=int, default=None, help="module workers at once (default: cores)")
    args = parser.parse_args()
    paths = args.paths or sorted(EXAMPLES.rglob("*_bad.py"))
    started = time.perf_counter()
    checked = check_paths(paths, Config())
    check_seconds = time.perf_counter() - started
    timings: dict = {}
    started = time.perf_counter()
    result = validate(checked, ValidateOptions(jobs=args.jobs), timings=timings)
    wall = time.perf_counter() - started
    findings = result.diagnostics
    if not findings:
        print("no findings to validate")
        return 1
    per_finding = sorted(timings.values())
    statuses = collections.Counter(d.validation.status for d in findings)
    print(f"files: {len(paths)}  findings: {len(findings)}  ({dict(statuses)})  cores: {os.cpu_count()}")
    print(f"static check: {check_seconds:.2f} s   validation wall: {wall:.2f} s")
    print(f"per finding (s): median {statistics.median(per_finding):.3f}  "
          f"mean {statistics.mean(per_finding):.3f}  max {per_finding[-1]:.3f}")
    print(f"wall / findings: {wall / len(findings):.3f} s  (includes importing jax once per run)")
    target_met = statistics.median(per_finding) <= 1.0
    print(f"target (median <= 1 s): {'met' if target_met else 'NOT met'}")
    return 0 if target_met else 1


if __name__ == "__main__":
    sys.exit(main())
