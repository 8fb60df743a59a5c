"""`jaxcheck run` over the bundled examples: what a real run of each says about its findings.

    JAX_PLATFORMS=cpu python bench/run_examples.py

Each `examples/*/*_bad.py` and `*_good.py` runs as a program (its `__main__` block); the script
prints, per example, the verdicts the run gave its findings, the compile counts and what the jaxpr
audit found, then totals. A good example must never get a confirmed finding.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_example(path: pathlib.Path, directory: str) -> dict:
    report = pathlib.Path(directory, path.stem + ".json")
    environment = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "--format", "json", "--report", str(report), str(path)],
        cwd=path.parent, env=environment, capture_output=True, text=True, timeout=300,
    )
    return json.loads(report.read_text()) if report.exists() else {"diagnostics": [], "compilations": [], "error": "no report"}


def main() -> int:
    examples = sorted((ROOT / "examples").glob("*/jax*_*.py"))
    totals: dict[str, collections.Counter[str]] = {"bad": collections.Counter(), "good": collections.Counter()}
    audited: dict[str, collections.Counter[str]] = {"bad": collections.Counter(), "good": collections.Counter()}
    with tempfile.TemporaryDirectory() as directory:
        for path in examples:
            kind = "bad" if path.stem.endswith("_bad") else "good"
            report = run_example(path, directory)
            statuses = collections.Counter(d["validation"]["status"] for d in report["diagnostics"])
            totals[kind].update(statuses)
            compiles = ", ".join(f"{c['function']} x{c['compiles']}" for c in report["compilations"]) or "none"
            print(f"{path.relative_to(ROOT)}: {dict(statuses) or 'no findings'}; compiles: {compiles}")
            for d in report["diagnostics"]:
                if d["validation"]["status"] != "confirmed" or kind == "good":
                    print(f"    {d['code']} line {d['line']}: {d['validation']['status']}: {d['validation']['evidence'][:160]}")
            for found in report.get("audit", []):
                audited[kind][found["kind"]] += 1
                print(f"    audit: {found['kind']} line {found['line']}: {found['message'][:160]}")
    for kind, counter in totals.items():
        print(f"{kind} examples: {dict(counter)}; found by the jaxpr audit: {dict(audited[kind])}")
    return 1 if totals["good"]["confirmed"] else 0


if __name__ == "__main__":
    sys.exit(main())
