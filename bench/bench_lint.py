"""Lint speed and memory on real code, all figures from one run.

    python bench/bench_lint.py DIR [--jobs 2] [--ruff PATH] [--jaxlint PATH]

DIR is a corpus of Python files, e.g. from ``../shared/corpus/get-corpus.sh DIR``. Prints one
table: files, lines, jaxcheck cold (empty cache) and warm (nothing changed), single-process
libcst parse-only of the same files, and ruff/jaxlint on the same files where installed, each
with its ratio to the parse-only time; then peak memory of jaxcheck over the files and over
the same files copied twice (twice the files, the same largest file), to show it does not grow
with the number of files.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

CHILD = """
import resource, sys, time
from jaxcheck import api
from jaxcheck.config import Config
start = time.perf_counter()
root = __import__('pathlib').Path(sys.argv[1])
# Settings "read" from the temporary directory keep the cache there: by default it lives at the
# root of the checked project (the corpus), where a later run would find it warm.
result = api.check_paths(sys.argv[2:], Config(root=root, source=root / 'pyproject.toml'), jobs={jobs}, use_cache=True)
elapsed = time.perf_counter() - start
peak_kib = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(elapsed, peak_kib, len(result.diagnostics), len(result.errors))
"""

PARSE_ONLY = """
import sys, time, libcst
paths = sys.argv[1:]
sources = [open(p, 'rb').read() for p in paths]
start = time.perf_counter()
for source in sources:
    try:
        libcst.parse_module(source)
    except Exception:
        pass
print(time.perf_counter() - start)
"""


def python_files(directory: pathlib.Path) -> list[str]:
    return sorted(str(p) for p in directory.rglob("*.py"))


def run_jaxcheck(files: list[str], cache_root: str, jobs: int) -> tuple[float, int, int, int]:
    """Wall seconds (whole process), peak RSS in MiB, findings, errors."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(jobs=jobs), cache_root, *files], capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - start
    _, peak_kib, findings, errors = done.stdout.split()
    return wall, int(peak_kib) // 1024, int(findings), int(errors)


def run_command(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ruff", default=shutil.which("ruff"))
    parser.add_argument("--jaxlint", default=shutil.which("jaxlint"))
    args = parser.parse_args()

    files = python_files(args.directory)
    lines = sum(pathlib.Path(f).read_bytes().count(b"\n") for f in files)
    parse_only = float(subprocess.run([sys.executable, "-c", PARSE_ONLY, *files], capture_output=True, text=True, check=True).stdout)
    with tempfile.TemporaryDirectory() as cache_root:
        cold, cold_peak, findings, errors = run_jaxcheck(files, cache_root, args.jobs)
        warm, _, _, _ = run_jaxcheck(files, cache_root, args.jobs)
    with tempfile.TemporaryDirectory() as doubled:
        for copy in ("a", "b"):
            shutil.copytree(args.directory, pathlib.Path(doubled, copy))
        _, doubled_peak, _, _ = run_jaxcheck(python_files(pathlib.Path(doubled)), doubled, args.jobs)

    rows = [
        ("libcst parse only (1 process)", parse_only),
        (f"jaxcheck cold ({args.jobs} jobs)", cold),
        (f"jaxcheck warm ({args.jobs} jobs)", warm),
    ]
    if args.ruff:
        rows.append(("ruff check (all rules)", run_command([args.ruff, "check", "--no-cache", "--select", "ALL", "--exit-zero", *files])))
    if args.jaxlint:
        rows.append(("jaxlint check", run_command([args.jaxlint, "check", str(args.directory)])))

    print(f"files: {len(files)}   lines: {lines}   jaxcheck findings: {findings}   files not checked: {errors}")
    print(f"{'what':<34} {'seconds':>8} {'lines/s':>10} {'vs parse':>9}")
    for name, seconds in rows:
        print(f"{name:<34} {seconds:8.2f} {lines / seconds:10.0f} {seconds / parse_only:8.2f}x")
    print(f"warm / cold: {warm / cold:.3f}x")
    print(f"peak memory: {cold_peak} MiB over {len(files)} files, {doubled_peak} MiB over {2 * len(files)} files")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
