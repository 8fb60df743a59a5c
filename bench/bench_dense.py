"""Time per file against findings per file: is checking linear when findings are dense?

    python bench/bench_dense.py [--blocks 10 40 160 320] [--corpus DIR] [--top 20]

Part 1 generates files of N blocks, each block holding several hazards (print, traced `if`,
outer list append, `int()` of a tracer, a list passed as static, jit of a lambda in a loop,
shapes that vary per iteration), and prints parse-only time, check time, their ratio and
milliseconds per finding: linear checking keeps the last two flat as N grows.

Part 2 (``--corpus``) takes the ``--top`` files of a real corpus with the most findings and
compares, on the same parsed modules, libcst's whole-module ``PositionProvider`` with
:func:`jaxcheck.positions.node_spans` over the reported nodes only, and the whole check with
a parse-only pass. All figures come from one run of one process.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxcheck.api import check_source
from jaxcheck.analysis import ModuleFacts
from jaxcheck.engine import EngineOptions, Report
from jaxcheck.parsing import run_deep
from jaxcheck.positions import LineIndex, node_spans
from jaxcheck.rules import all_rules
from jaxcheck.rules.base import Context

HEAD = "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n"
BLOCK = '''
@partial(jax.jit, static_argnums=1)
def step{i}(x, sizes):
    print(x)
    if x > 0:
        x = x + 1
    log{i}.append(x)
    for s in sizes:
        x = x * s
    n = int(x)
    return x[:n]

log{i} = []
for i in range(10):
    step{i}(jnp.ones(3), [1, 2])
    f{i} = jax.jit(lambda y: y + i)
    f{i}(step{i}(jnp.arange(i), (i,)))
'''


def timed(function, *args):
    start = time.perf_counter()
    value = run_deep(function, *args)
    return time.perf_counter() - start, value


def generated(blocks: list[int]) -> None:
    print(f"{'blocks':>6} {'lines':>6} {'findings':>8} {'parse s':>8} {'check s':>8} {'check/parse':>11} {'ms/finding':>10}")
    for count in blocks:
        source = HEAD + "".join(BLOCK.format(i=i) for i in range(count))
        parse, _ = timed(cst.parse_module, source)
        check, result = timed(check_source, source)
        findings = len(result.diagnostics)
        print(
            f"{count:6d} {source.count(chr(10)):6d} {findings:8d} {parse:8.2f} {check:8.2f} {check / parse:11.2f} "
            f"{1000 * check / max(findings, 1):10.1f}"
        )


def corpus(directory: pathlib.Path, top: int) -> None:
    dense = []
    for path in sorted(directory.rglob("*.py")):
        try:
            source = path.read_text()
        except (OSError, UnicodeDecodeError):
            continue
        result = check_source(source, str(path))
        if result.diagnostics:
            dense.append((len(result.diagnostics), path, source))
    dense.sort(key=lambda item: -item[0])
    dense = dense[:top]
    parse = whole = reported = check = 0.0
    findings = lines = 0
    for count, _, source in dense:
        seconds, module = timed(cst.parse_module, source)
        parse += seconds
        report = Report()
        nodes = _reported_nodes(module, report)
        whole += timed(lambda: MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider))[0]
        reported += timed(lambda: node_spans(module, nodes, LineIndex(source)))[0]
        check += timed(check_source, source)[0]
        findings += count
        lines += source.count("\n")
    print(f"\n{len(dense)} densest files of {directory}: {lines} lines, {findings} findings")
    print(f"{'what':<44} {'seconds':>8} {'vs parse':>9}")
    for name, seconds in (
        ("libcst parse only", parse),
        ("positions, whole module (PositionProvider)", whole),
        ("positions, reported nodes only (node_spans)", reported),
        ("jaxcheck check (parse included)", check),
    ):
        print(f"{name:<44} {seconds:8.2f} {seconds / parse:8.2f}x")


def _reported_nodes(module: cst.Module, report: Report) -> list[cst.CSTNode]:
    """The nodes the rules report in ``module`` (what the engine asks positions for)."""
    context = Context(ModuleFacts(module), report)
    for rule in EngineOptions(all_rules()).rules:
        rule().check(context)
    return [node for _, node, _, _ in report.pending]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--blocks", type=int, nargs="*", default=[10, 40, 160, 320])
    parser.add_argument("--corpus", type=pathlib.Path)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    generated(args.blocks)
    if args.corpus:
        corpus(args.corpus, args.top)


if __name__ == "__main__":
    sys.exit(main())
