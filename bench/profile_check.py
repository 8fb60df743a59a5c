"""Deterministic profile of one cold check in one process, with parse-only in the same run.

    python bench/profile_check.py PATH [PATH ...] [--out FILE.prof] [--top N]

Prints the seconds of libcst parse-only over the same files, of the check (jobs=1, no cache),
their ratio (wall and CPU seconds: on a shared machine the CPU seconds of this process vary
less), and the top functions by cumulative time under cProfile (``--no-profile``: none; call
counts are deterministic).
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
    files = sorted(str(p) for d in map(pathlib.Path, args.directories) for p in (d.rglob("*.py") if d.is_dir() else [d]))
    sources = [pathlib.Path(f).read_bytes() for f in files]
    start, cpu = time.perf_counter(), time.process_time()
    for source in sources:
        try:
            libcst.parse_module(source)
        except Exception:
            pass
    parse_only, parse_cpu = time.perf_counter() - start, time.process_time() - cpu
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

    start, cpu = time.perf_counter(), time.process_time()
    result = run_deep(check)
    check_seconds, check_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{len(files)} files, parse-only {parse_only:.2f} s, check {check_seconds:.2f} s, ratio {check_seconds / parse_only:.2f}, "
          f"{len(result.diagnostics)} findings, {len(result.errors)} errors; CPU seconds: parse-only {parse_cpu:.2f}, "
          f"check {check_cpu:.2f}, ratio {check_cpu / parse_cpu:.2f}", file=sys.stderr)
    if args.no_profile:
        return
    if args.out:
        profile.dump_stats(args.out)
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
