"""Time mypy with and without the jaxcheck plugin on real JAX code, and diff the output.

    python bench/bench_mypy.py --corpus /work/corpus --repeat 3 --output-dir bench-out

Each package of the corpus is checked as a package (``-p``) from a directory of links to it,
so that ``import jax`` resolves to the installed JAX, which the plugin is written against, and
not to a copy of JAX's source in the corpus. Every run starts with an empty mypy cache; runs
with and without the plugin alternate (the first pair in each order) so that drift of the
machine affects both alike. The report gives every timing (wall clock, and CPU time, which a
busy machine disturbs less), the medians and their ratios, and the messages that only one
configuration prints.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_PACKAGES = ("flax", "optax", "equinox", "numpyro", "diffrax")
_CODE = re.compile(r"\[([a-z0-9-]+)\]\s*$")
_LOCATION = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): ")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True, help="directory of packages")
    parser.add_argument("--packages", nargs="+", default=list(DEFAULT_PACKAGES))
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration")
    parser.add_argument("--output-dir", type=Path, help="keep mypy's output of each run here")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-mypy-") as scratch:
        root = Path(scratch)
        view = link_packages(args.corpus, args.packages, root / "view")
        configs = {
            "without": _write_config(root / "without.ini", plugin=False),
            "with": _write_config(root / "with.ini", plugin=True),
        }
        timings: dict[str, list[float]] = {"without": [], "with": []}
        cpu_times: dict[str, list[float]] = {"without": [], "with": []}
        outputs: dict[str, str] = {}
        for repeat in range(args.repeat):
            order = ("without", "with") if repeat % 2 == 0 else ("with", "without")
            for name in order:
                seconds, cpu, output = _run_mypy(
                    configs[name], view, args.packages, root / "cache"
                )
                timings[name].append(seconds)
                cpu_times[name].append(cpu)
                outputs.setdefault(name, output)
                if args.output_dir:
                    args.output_dir.mkdir(parents=True, exist_ok=True)
                    (args.output_dir / f"{name}-{repeat}.txt").write_text(output)
                print(f"run {repeat + 1}/{args.repeat} {name:>7} plugin: {seconds:8.1f} s wall, "
                      f"{cpu:8.1f} s CPU", flush=True)
    _report(timings, cpu_times, outputs)
    return 0 if not any("INTERNAL ERROR" in output for output in outputs.values()) else 1


def link_packages(corpus: Path, packages: list[str], view: Path) -> Path:
    view.mkdir(parents=True)
    for package in packages:
        if not (corpus / package / "__init__.py").exists():
            raise SystemExit(f"{corpus / package} is not a package")
        (view / package).symlink_to((corpus / package).resolve(), target_is_directory=True)
    return view


def _write_config(path: Path, *, plugin: bool) -> Path:
    plugins = "plugins = jaxcheck.mypy\n" if plugin else ""
    path.write_text(f"[mypy]\n{plugins}ignore_missing_imports = True\n")
    return path


def _run_mypy(
    config: Path, view: Path, packages: list[str], cache: Path
) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds of one mypy run from an empty cache, and its output."""
    shutil.rmtree(cache, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [
        sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(cache),
        "--show-error-codes", "--no-error-summary", "--show-traceback",
        *(argument for package in packages for argument in ("-p", package)),
    ]
    start = time.perf_counter()
    result = subprocess.run(
        command, capture_output=True, text=True, env={**os.environ, "MYPYPATH": str(view)},
        cwd=view,
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shutil.rmtree(cache, ignore_errors=True)
    return seconds, cpu, result.stdout + result.stderr


def _report(
    timings: dict[str, list[float]], cpu_times: dict[str, list[float]], outputs: dict[str, str]
) -> None:
    print()
    for label, measured in (("wall", timings), ("CPU", cpu_times)):
        medians = {name: statistics.median(values) for name, values in measured.items()}
        for name, values in measured.items():
            raw = ", ".join(f"{value:.1f}" for value in values)
            print(f"{label:>4} {name:>7} plugin: median {medians[name]:.1f} s  (runs: {raw})")
        print(f"{label:>4} ratio with/without: {medians['with'] / medians['without']:.3f}")
    without = collections.Counter(outputs["without"].splitlines())
    with_plugin = collections.Counter(outputs["with"].splitlines())
    for title, lines in (
        ("only with the plugin", with_plugin - without),
        ("only without the plugin", without - with_plugin),
    ):
        codes = collections.Counter(
            (match.group(1) if (match := _CODE.search(line)) else "note")
            for line in lines.elements()
        )
        print(f"\n{sum(lines.values())} lines {title}: "
              + (", ".join(f"{code} {count}" for code, count in codes.most_common()) or "none"))
        for line in sorted(lines.elements()):
            print(f"  {line}")
    internal = [name for name, output in outputs.items() if "INTERNAL ERROR" in output]
    print(f"\ninternal errors: {', '.join(internal) or 'none'}")


if __name__ == "__main__":
    sys.exit(main())
