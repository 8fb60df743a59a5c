"""Verdicts on a research repository's findings from its own tests, then from `validate`.

    python bench/research_verdicts.py REPO --python VENV/bin/python [--tests PATH ...] [--out FILE]

1. runs the tests twice with REPO's interpreter: plain, then with `--jaxcheck` (overhead, and the
   compile tables: printed by pytest);
2. takes the static findings in the files the tests imported, with the verdict the tests gave;
3. runs `jaxcheck validate --python` on the files holding findings still without a verdict;
4. prints: findings reached, verdicts by source, share with a verdict, and the rest with reasons.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _pytest(repo: pathlib.Path, python: str, tests: list[str], extra: list[str]) -> tuple[float, str]:
    environment = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": os.pathsep.join([str(ROOT), str(repo)])}
    command = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin", *tests, *extra]
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=repo, env=environment, capture_output=True, text=True)
    return time.perf_counter() - started, completed.stdout + completed.stderr


def _validate(repo: pathlib.Path, python: str, files: list[str]) -> dict[tuple, dict]:
    environment = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "jaxcheck", "validate", "--format", "json", "--python", python, "--isolated", *files]
    completed = subprocess.run(command, cwd=repo, env=environment, capture_output=True, text=True)
    try:
        data = json.loads(completed.stdout)
    except ValueError:
        print(completed.stdout[-2000:], completed.stderr[-2000:])
        return {}
    return {_key(d): d for d in data["diagnostics"]}


def _key(d: dict) -> tuple:
    return (str(pathlib.Path(d["path"]).resolve()), d["line"], d["column"], d["code"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=pathlib.Path)
    parser.add_argument("--python", required=True)
    parser.add_argument("--tests", nargs="*", default=["tests"])
    parser.add_argument("--out", type=pathlib.Path)
    args = parser.parse_args()
    repo = args.repo.resolve()
    plain_seconds, plain_output = _pytest(repo, args.python, args.tests, [])
    with tempfile.TemporaryDirectory() as directory:
        report_path = pathlib.Path(directory, "report.json")
        seconds, output = _pytest(repo, args.python, args.tests, ["--jaxcheck", "--jaxcheck-json", str(report_path)])
        report = json.loads(report_path.read_text()) if report_path.exists() else {"tests": [], "findings_in_files_that_ran": []}
    print(plain_output.strip().splitlines()[-1] if plain_output.strip() else "(no output)")
    print(f"tests: plain {plain_seconds:.1f} s, with --jaxcheck {seconds:.1f} s ({seconds / plain_seconds:.2f}x)")
    reached = report["findings_in_files_that_ran"]
    by_test = {_key(d): d for d in reached}
    pending = [d for d in reached if d.get("validation", {}).get("status") not in ("confirmed", "refuted")]
    validated = _validate(repo, args.python, sorted({d["path"] for d in pending})) if pending else {}
    sources: collections.Counter[str] = collections.Counter()
    rest = []
    for key, finding in by_test.items():
        status = finding.get("validation", {}).get("status")
        if status in ("confirmed", "refuted"):
            sources[f"tests: {status}"] += 1
            continue
        checked = validated.get(key, {}).get("validation", {})
        if checked.get("status") in ("confirmed", "refuted"):
            sources[f"validate: {checked['status']}"] += 1
            continue
        rest.append((finding, checked.get("evidence") or finding.get("validation", {}).get("evidence", "not judged")))
    total = len(by_test)
    verdicts = sum(sources.values())
    print(f"findings in files the tests imported: {total}; with a verdict: {verdicts} ({100 * verdicts / max(total, 1):.0f}%)")
    for source, count in sorted(sources.items()):
        print(f"  {source}: {count}")
    for finding, reason in rest:
        print(f"  no verdict: {os.path.relpath(finding['path'], repo)}:{finding['line']} {finding['code']}: {reason[:300]}")
    recompiles = [
        (t["test"], c["function"], c["compiles"], c["reasons"][1:2]) for t in report["tests"] for c in t["compilations"] if c["compiles"] > 1
    ]
    print(f"compile tables: {len(report['tests'])} tests instrumented; functions recompiled within a test: {len(recompiles)}")
    for test, function, count, reasons in recompiles[:15]:
        print(f"  {test}: {function} x{count}: {reasons[0] if reasons else ''}")
    if args.out:
        args.out.write_text(json.dumps({"report": report, "validated": list(validated.values()), "sources": sources}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
