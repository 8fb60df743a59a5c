"""Overhead of the pytest plugin on real test suites: `pytest` vs `pytest --jaxcheck`.

    python bench/bench_plugin.py DIR --python VENV/bin/python [--repeats R] [--suite NAME ...]

DIR holds the checkouts of ``research_repos.toml``. Each suite runs alternately without and with
``--jaxcheck`` (the plugin loaded from this checkout, CPU only), ``R`` times; printed per suite:
the median wall and CPU time of each mode, their ratios, and the jaxcheck section the last instrumented
run printed (its compile tables and verdicts).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

# name: (repository, PYTHONPATH entries inside it, test paths)
SUITES: dict[str, tuple[str, list[str], list[str]]] = {
    "nanodo-optimizer": ("nanodo", ["."], ["tests/optimizer_test.py"]),
    "jaxued-examples": ("jaxued", ["src"], ["tests/test_examples_kinda.py"]),
    "JaxMARL-jaxnav": ("JaxMARL", ["."], ["tests/jaxnav"]),
    "JaxMARL-coin_game": ("JaxMARL", ["."], ["tests/coin_game"]),
}


def _once(python: str, repo: pathlib.Path, paths: list[str], tests: list[str], plugin: bool, root: pathlib.Path) -> tuple[float, float, str]:
    environment = {
        **os.environ, "JAX_PLATFORMS": "cpu", "WANDB_MODE": "disabled",
        "PYTHONPATH": os.pathsep.join([*(str(repo / p) for p in paths), str(root)]),
    }
    command = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:jaxcheck"]
    if plugin:
        command += ["-p", "jaxcheck.runtime.pytest_plugin", "--jaxcheck"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    completed = subprocess.run([*command, *tests], cwd=repo, env=environment, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, cpu, completed.stdout[-6000:] + completed.stderr[-2000:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--suite", action="append", choices=sorted(SUITES), help="default: all")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the jaxcheck checkout to load the plugin from")
    args = parser.parse_args()
    for name in args.suite or list(SUITES):
        repository, paths, tests = SUITES[name]
        repo = args.directory / repository
        times: dict[bool, list[float]] = {False: [], True: []}
        cpus: dict[bool, list[float]] = {False: [], True: []}
        shown = ""
        for _ in range(args.repeats):
            for plugin in (False, True):  # alternate, so load on the machine hits both alike
                seconds, cpu, output = _once(args.python, repo, paths, tests, plugin, args.root)
                times[plugin].append(seconds)
                cpus[plugin].append(cpu)
                if plugin:
                    shown = output
        plain, instrumented = statistics.median(times[False]), statistics.median(times[True])
        cpu_plain, cpu_instrumented = statistics.median(cpus[False]), statistics.median(cpus[True])
        print(f"{name}: pytest {plain:.1f} s, pytest --jaxcheck {instrumented:.1f} s: {instrumented / plain:.2f}x; "
              f"CPU {cpu_plain:.1f} s / {cpu_instrumented:.1f} s: {cpu_instrumented / cpu_plain:.2f}x "
              f"(median of {args.repeats}; wall: {[round(t, 1) for t in times[False]]} / {[round(t, 1) for t in times[True]]}; "
              f"load average {os.getloadavg()[0]:.1f})")
        section = shown[shown.find("jaxcheck"):] if "jaxcheck" in shown else shown
        print(section)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
