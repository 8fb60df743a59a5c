"""Findings per rule over a corpus, with a sample to review by hand.

    python bench/corpus_findings.py DIR [--sample 40] [--seed 0]

Also the crash check: every file must come back checked or as a JAX001 error with a reason;
an exception escaping the engine fails the run.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import random
import sys

from jaxcheck import api
from jaxcheck.config import Config


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = api.check_paths([args.directory], Config(root=args.directory), jobs=None)
    by_code = collections.Counter(d.code for d in result.diagnostics)
    print(f"files: {result.files_checked}  findings: {len(result.diagnostics)}  not checked (JAX001): {len(result.errors)}")
    for error in result.errors:
        print(f"  JAX001 {error.path}: {error.message}")
    print(f"{'code':<8} {'name':<40} {'findings':>8}")
    names = {d.code: d.name for d in result.diagnostics}
    for code, count in sorted(by_code.items()):
        print(f"{code:<8} {names[code]:<40} {count:>8}")
    sample = list(result.diagnostics)
    random.Random(args.seed).shuffle(sample)
    print(f"\nsample of {min(args.sample, len(sample))} (seed {args.seed}):")
    for d in sorted(sample[: args.sample], key=lambda d: d.sort_key()):
        print(f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
