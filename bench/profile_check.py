"""Deterministic profile of one cold check in one process, with parse-only in the same run.

    python bench/profile_check.py DIR [DIR ...] [--out FILE.prof] [--top N]

Prints the seconds of libcst parse-only over the same files, of the check (jobs=1, no cache),
their ratio, and the top functions by cumulative time under cProfile (call counts are
deterministic; times are noisy on a shared machine, the ratio less so).
"""

from __future__ import annotations

import argparse
import cProfile
import pathlib
import pstats
import sys
import time

import libcst

from jaxcheck import api
from jaxcheck.config import Config
from jaxcheck.parsing import run_deep


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("directories", nargs="+")
    parser.add_argument("--out")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args()
    files = sorted(str(p) for d in args.directories for p in pathlib.Path(d).rglob("*.py"))
    sources = [pathlib.Path(f).read_bytes() for f in files]
    start = time.perf_counter()
    for source in sources:
        try:
            libcst.parse_module(source)
        except Exception:
            pass
    parse_only = time.perf_counter() - start
    config = Config(root=pathlib.Path(args.directories[0]))
    profile = cProfile.Profile()

    def check() -> api.CheckResult:
        # Profiled on the deep-recursion thread the engine runs each file on (one thread for all).
        if not args.no_profile:
            profile.enable()
        try:
            return api.check_paths(files, config, jobs=1, use_cache=False)
        finally:
            profile.disable()

    start = time.perf_counter()
    result = run_deep(check)
    check_seconds = time.perf_counter() - start
    print(f"{len(files)} files, parse-only {parse_only:.2f} s, check {check_seconds:.2f} s, ratio {check_seconds / parse_only:.2f}, "
          f"{len(result.diagnostics)} findings, {len(result.errors)} errors", file=sys.stderr)
    if args.no_profile:
        return
    if args.out:
        profile.dump_stats(args.out)
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
