"""Type-check real JAX projects with and without the generated jax stubs, and list every change.

    python bench/bench_stubs.py --corpus /tmp/jaxcheck-hook-corpus --packages optax diffrax equinox

The stubs are generated for the jax of this interpreter into a scratch directory. Each checker
(basedpyright in its `standard` mode, mypy with the jaxcheck plugin or without it) runs twice
per package, in two throwaway environments that differ only in whether ``jax-stubs`` is on the
import path, over the package's sources and tests, from a directory of links so that the
package's own imports resolve to the corpus copy. The report gives the message count of each
run and every message (file, line, text) that only one of the two runs prints. Lines are the
same in both runs, so a message that changed wording shows up once on each side. A *new place*
is a line that has a message only with the stubs: the ones to read first.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import site
import subprocess
import sys
import sysconfig
import tempfile
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_mypy import link_packages  # noqa: E402

DEFAULT_PACKAGES = ("optax", "diffrax", "equinox")
TOOLS = ("basedpyright", "mypy", "mypy-plugin")
_MYPY_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<severity>error|note): (?P<text>.*)$")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True, help="directory of packages")
    parser.add_argument("--packages", nargs="+", default=list(DEFAULT_PACKAGES))
    parser.add_argument("--tools", nargs="+", choices=TOOLS, default=["basedpyright", "mypy"])
    parser.add_argument("--output", type=Path, help="also write the report as JSON here")
    args = parser.parse_args(argv)
    if any((Path(root) / "jax-stubs").is_dir() for root in site.getsitepackages()):
        raise SystemExit("jax-stubs is installed in this environment: there is no baseline to compare with")

    report: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-stubs-") as scratch:
        root = Path(scratch)
        from jaxcheck.stubs import write_stubs

        write_stubs(root / "stubs" / "jax-stubs")
        pythons = {
            "without": _environment(root / "env-without", []),
            "with": _environment(root / "env-with", [root / "stubs"]),
        }
        view = link_packages(args.corpus, args.packages, root / "view")
        for package in args.packages:
            for tool in args.tools:
                runs = {
                    name: _messages(tool, python, view, package, root / f"work-{tool}-{package}-{name}")
                    for name, python in pythons.items()
                }
                report[f"{package} {tool}"] = _compare(package, tool, runs)
    if args.output:
        args.output.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


def _environment(directory: Path, first: list[Path]) -> Path:
    """A virtual environment importing from ``first``, then this interpreter's path; its python."""
    venv.EnvBuilder(with_pip=False, symlinks=True, clear=True).create(directory)
    paths = [str(path) for path in first] + [p for p in sys.path if p and Path(p).is_dir()]
    purelib = sysconfig.get_path("purelib", vars={"base": str(directory), "platbase": str(directory)})
    Path(purelib).mkdir(parents=True, exist_ok=True)
    (Path(purelib) / "bench_stubs_paths.pth").write_text("\n".join(paths) + "\n", encoding="utf-8")
    return directory / "bin" / "python"


def _messages(tool: str, python: Path, view: Path, package: str, work: Path) -> collections.Counter[str]:
    """``path:line: message`` of every error and warning ``tool`` prints for ``package``."""
    work.mkdir(parents=True)
    if tool == "basedpyright":
        return _pyright_messages(python, view, package, work)
    return _mypy_messages(python, view, package, work, plugin=tool == "mypy-plugin")


def _pyright_messages(python: Path, view: Path, package: str, work: Path) -> collections.Counter[str]:
    config = {
        "typeCheckingMode": "standard", "pythonVersion": "3.11", "include": [str(view / package)],
        "extraPaths": [str(view)], "reportMissingModuleSource": False,
    }  # fmt: skip
    (work / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    executable = Path(sys.executable).parent / "basedpyright"
    command = [str(executable), "--outputjson", "--pythonpath", str(python), "-p", str(work)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    try:
        diagnostics = json.loads(result.stdout)["generalDiagnostics"]
    except (json.JSONDecodeError, KeyError) as error:
        output = result.stdout[-2000:] + result.stderr[-2000:]
        raise SystemExit(f"basedpyright failed on {package}: {output}") from error
    messages: collections.Counter[str] = collections.Counter()
    for diagnostic in diagnostics:
        if diagnostic["severity"] not in ("error", "warning"):
            continue
        path = Path(diagnostic["file"]).resolve().relative_to((view / package).resolve())
        text = " ".join(diagnostic["message"].split())
        rule = diagnostic.get("rule", "")
        messages[f"{package}/{path}:{diagnostic['range']['start']['line'] + 1}: {text} ({rule})"] += 1
    return messages


def _mypy_messages(
    python: Path, view: Path, package: str, work: Path, *, plugin: bool
) -> collections.Counter[str]:
    config = work / "mypy.ini"
    plugins = "plugins = jaxcheck.mypy\n" if plugin else ""
    config.write_text(f"[mypy]\n{plugins}ignore_missing_imports = True\n", encoding="utf-8")
    command = [
        sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(work / "cache"),
        "--python-executable", str(python), "--show-error-codes", "--no-error-summary",
        "--hide-error-context", "--no-pretty", "-p", package,
    ]  # fmt: skip
    result = subprocess.run(
        command, capture_output=True, text=True, check=False, cwd=view,
        env={**os.environ, "MYPYPATH": str(view)},
    )
    if result.returncode == 2 or "INTERNAL ERROR" in result.stdout + result.stderr:
        raise SystemExit(f"mypy failed on {package}: {result.stdout[-2000:]}{result.stderr[-2000:]}")
    messages: collections.Counter[str] = collections.Counter()
    for line in result.stdout.splitlines():
        match = _MYPY_LINE.match(line)
        if match and match["severity"] == "error":
            messages[f"{match['path']}:{match['line']}: {match['text']}"] += 1
    return messages


def _compare(package: str, tool: str, runs: dict[str, collections.Counter[str]]) -> dict[str, object]:
    """The messages of one run and not the other, and the new places: lines where only the run
    with the stubs has any message at all (elsewhere a message only with the stubs rewords or
    adds to what the line already gets without them)."""
    new = sorted((runs["with"] - runs["without"]).elements())
    gone = sorted((runs["without"] - runs["with"]).elements())
    without, with_stubs = sum(runs["without"].values()), sum(runs["with"].values())
    places_without = {_place(message) for message in runs["without"]}
    new_places = sorted({_place(message) for message in new} - places_without)
    print(f"\n== {package}, {tool}: {without} messages without the stubs, {with_stubs} with them; "
          f"{len(new)} only with, {len(gone)} only without; {len(new_places)} new places", flush=True)
    for title, lines in (("only with the stubs", new), ("only without the stubs", gone)):
        for line in lines:
            marker = " [new place]" if _place(line) in new_places else ""
            print(f"  {title}{marker}: {line}")
    return {
        "without": without, "with": with_stubs, "only_with": new, "only_without": gone,
        "new_places": new_places,
    }  # fmt: skip


def _place(message: str) -> str:
    """``path:line`` of a ``path:line: text`` message."""
    path, line, _ = message.split(":", 2)
    return f"{path}:{line}"


if __name__ == "__main__":
    sys.exit(main())
