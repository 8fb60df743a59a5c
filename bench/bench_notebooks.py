"""Check every notebook under the given directories, one at a time: findings and time per notebook.

    python bench/bench_notebooks.py DIR [DIR ...] [--json OUT]

Prints one line per notebook (cells, code lines, findings, milliseconds), then every finding in
the text format (``nb.ipynb:cell 4:3:5: JAX101 ...``) for review, then totals.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from jaxcheck import api, notebooks  # noqa: E402
from jaxcheck.config import Config  # noqa: E402
from jaxcheck.formats import text  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("directories", nargs="+", type=pathlib.Path)
    parser.add_argument("--json", type=pathlib.Path, help="write the per-notebook figures here")
    args = parser.parse_args()
    config = Config()
    rows, findings, errors = [], [], []
    for directory in args.directories:
        for path in sorted(directory.rglob("*.ipynb")):
            raw = path.read_text(encoding="utf-8", errors="replace")
            try:
                notebook = notebooks.Notebook.from_text(raw)
                cells = len(notebook.cells)
                code_lines = len(notebook.virtual_module().source.splitlines())
            except notebooks.NotebookError:
                cells = code_lines = 0
            started = time.perf_counter()
            result = api.check_paths([path], config, jobs=1)
            elapsed = time.perf_counter() - started
            rows.append(
                {"path": str(path), "cells": cells, "code_lines": code_lines,
                 "findings": len(result.diagnostics), "errors": len(result.errors), "ms": round(elapsed * 1000, 1)}
            )
            findings.extend(result.diagnostics)
            errors.extend(result.errors)
            print(f"{elapsed * 1000:8.1f} ms  {cells:4d} cells {code_lines:5d} lines  {len(result.diagnostics):3d} findings  {path}")
    print()
    for error in errors:
        print(f"{error.path}:cell {error.cell}:{error.line}:{error.column}: {error.code} {error.message}")
    print(text.render(api.CheckResult([api.FileResult(d.path, [d]) for d in findings], len(rows))), end="")
    times = [row["ms"] for row in rows]
    if times:
        print(
            f"{len(rows)} notebooks, {sum(r['code_lines'] for r in rows)} code lines: {len(findings)} findings, "
            f"{len(errors)} errors; per notebook median {statistics.median(times):.1f} ms, max {max(times):.1f} ms, "
            f"total {sum(times) / 1000:.2f} s"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
