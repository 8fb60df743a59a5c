"""Latency of `jaxcheck server`, driven over stdio by pygls's language client.

    python bench/bench_server.py [--file PATH | --lines 1000] [--edits 30] [--seed 0] [--json OUT]

One session on a file (``--file``: real code, e.g. a 1,000-line file of a research repository;
otherwise a generated file of about ``--lines`` lines of JAX code with a few findings):
start → open → edits → code action → apply the fix → save → hover, each step timed from the
moment the client sends it to the moment the answer (or the diagnostics of that document
version) arrives. The warm edits insert ``print("step")`` before ``--edits`` statements of
function bodies chosen at random, then remove it again (two edits each, sent as incremental
changes; the first two sites warm up and are not counted), each ``--pause`` after the last
diagnostics, as a user types after a look at them. Their latency includes any debounce of
the server (``DEBOUNCE_SECONDS``; ``--pause 0`` sends edits back to back, inside it): it is
what the user waits for. The server reports the time of
each check over ``$/logTrace`` (wall and CPU time of the handler, statements parsed again), so
the rest of the latency (debounce, event loop, pipes) is shown apart. The generated file split
into notebook cells is timed the same way. The full check of the file in this process, the
load average and the cores are printed too: on a shared machine, compare CPU times.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import pathlib
import random
import re
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from lsprotocol import types as lsp  # noqa: E402
from lsp_session import Session, apply_text_edits  # noqa: E402

from jaxcheck import api  # noqa: E402
from jaxcheck.server import DEBOUNCE_SECONDS  # noqa: E402

HEADER = "import functools\n\nimport jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n"
BLOCK = '''

def loss_{n}(params, batch):
    predictions = jnp.tanh(batch["x"] @ params["w"] + params["b"])
    return jnp.mean((predictions - batch["y"]) ** 2)


@jax.jit
def step_{n}(params, batch, lr):
    grads = jax.grad(loss_{n})(params, batch)
    updated = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return updated, loss_{n}(params, batch)


@functools.partial(jax.jit, static_argnames=("steps",))
def unroll_{n}(x, steps):
    def body(i, carry):
        return carry * 0.5 + jnp.sin(carry) * i
    return lax.fori_loop(0, steps, body, x)


def train_{n}(params, batches):
    history = []
    for batch in batches:
        params, value = step_{n}(params, batch, 0.1)
        history.append(value)
    return params, history
'''
FINDING = '''

@jax.jit
def noisy_{n}(x):
    print("x is", x)
    return x * 2
'''


def generate(lines: int) -> str:
    parts, n = [HEADER], 0
    while sum(p.count("\n") for p in parts) < lines:
        parts.append(BLOCK.format(n=n) + (FINDING.format(n=n) if n % 10 == 0 else ""))
        n += 1
    return "".join(parts)


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


PRINT = 'print("step")'
_TRACE = re.compile(r"version (\d+): ([\d.]+) ms, CPU ([\d.]+) ms")


def edit_sites(text: str, count: int, seed: int) -> list[tuple[int, str]]:
    """``count`` statements of function bodies at random: (0-based line, indentation)."""
    lines = text.splitlines()
    sites = sorted(
        {
            (node.lineno - 1, lines[node.lineno - 1][: node.col_offset])
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.stmt) and node.col_offset > 0 and not getattr(node, "decorator_list", None)
            and not lines[node.lineno - 1][: node.col_offset].strip()
        }
    )
    return random.Random(seed).sample(sites, min(count, len(sites)))


def with_print(text: str, line: int, indent: str) -> str:
    lines = text.splitlines(keepends=True)
    return "".join([*lines[:line], f"{indent}{PRINT}\n", *lines[line:]])


def _jitted_site(text: str, sites: list[tuple[int, str]]) -> tuple[int, str] | None:
    """A site where the print is a JAX101 finding (in a jitted function)."""
    for line, indent in sites:
        found = api.check_source(with_print(text, line, indent), "train.py").diagnostics
        if any(d.code == "JAX101" and d.line == line + 1 for d in found):
            return line, indent
    return None


async def measure_file(text: str, root: pathlib.Path, edits: int, seed: int, pause: float) -> dict:
    session = Session()
    figures: dict = {}
    started = time.perf_counter()
    await session.start(root, trace=lsp.TraceValue.Verbose)
    figures["start_and_initialize_ms"] = _ms(time.perf_counter() - started)
    uri = (root / "train.py").as_uri()
    sent = time.perf_counter()
    session.open(uri, text)
    arrived, diagnostics = await session.diagnostics_after(uri, 0)
    figures["open_to_diagnostics_ms"] = _ms(arrived - sent)
    figures["findings_on_open"] = len(diagnostics)

    version, seen, warm_up = 1, 1, 2
    latencies, handler_wall, handler_cpu, reparsed = [], [], [], []
    sites = edit_sites(text, edits + warm_up, seed)
    for index, (line, indent) in enumerate(sites):
        for inserting in (True, False):
            await asyncio.sleep(pause)
            version += 1
            sent = time.perf_counter()
            if inserting:
                session.edit(uri, version, (line, 0), (line, 0), f"{indent}{PRINT}\n")
            else:
                session.edit(uri, version, (line, 0), (line + 1, 0), "")
            arrived, diagnostics = await session.diagnostics_after(uri, seen)
            seen += 1
            if index >= warm_up:
                wall, cpu, statements = _handler_time(session, version)
                latencies.append(arrived - sent)
                handler_wall.append(wall)
                handler_cpu.append(cpu)
                reparsed.append(statements)
    figures["change_to_diagnostics_ms"] = _summary(latencies)
    figures["handler_wall_ms"] = _summary(handler_wall)
    figures["handler_cpu_ms"] = _summary(handler_cpu)
    figures["outside_handler_ms"] = _summary([t - w for t, w in zip(latencies, handler_wall)])
    figures["statements_parsed_again"] = {"median": statistics.median(reparsed), "max": max(reparsed)}
    figures["debounce_ms"] = _ms(DEBOUNCE_SECONDS)
    figures["pause_before_each_edit_ms"] = _ms(pause)

    site = _jitted_site(text, sites + edit_sites(text, 200, seed + 1))
    if site is None:
        figures["code_action"] = "no jitted function body in the file"
        await session.stop()
        return figures
    line, indent = site
    version += 1
    session.edit(uri, version, (line, 0), (line, 0), f"{indent}{PRINT}\n")
    _, diagnostics = await session.diagnostics_after(uri, seen)
    seen += 1
    finding = next(d for d in diagnostics if d.code == "JAX101" and d.range.start.line == line)
    sent = time.perf_counter()
    actions = await session.code_actions(uri, finding)
    figures["code_action_ms"] = _ms(time.perf_counter() - sent)
    fix = next(a for a in actions if a.edit is not None and "jax.debug.print" in a.title)
    fixed = apply_text_edits(with_print(text, line, indent), fix.edit.changes[uri])
    version += 1
    sent = time.perf_counter()
    session.replace(uri, fixed, version)
    arrived, after_fix = await session.diagnostics_after(uri, seen)
    seen += 1
    figures["apply_fix_to_diagnostics_ms"] = _ms(arrived - sent)
    figures["findings_after_fix"] = len(after_fix)
    sent = time.perf_counter()
    session.save(uri)
    arrived, _ = await session.diagnostics_after(uri, seen)
    figures["save_to_diagnostics_ms"] = _ms(arrived - sent)
    sent = time.perf_counter()
    await session.hover(uri, finding.range.start.line, finding.range.start.character + 1)
    figures["hover_ms"] = _ms(time.perf_counter() - sent)
    await session.stop()
    return figures


def _handler_time(session: Session, version: int) -> tuple[float, float, int]:
    """The server's own report of the check of ``version``: wall and CPU seconds, statements parsed."""
    for _, params in reversed(session.traces):
        match = _TRACE.search(params.message)
        if match and int(match.group(1)) == version:
            statements = int((params.verbose or "0").rsplit(" ", 1)[-1])
            return float(match.group(2)) / 1000, float(match.group(3)) / 1000, statements
    raise LookupError(f"no trace of the check of version {version}")


async def measure_notebook(text: str, root: pathlib.Path, edits: int) -> dict:
    blocks = text.split("\n\n\n")
    cells = [("code", block.strip("\n") + "\n") for block in blocks]
    session = Session()
    await session.start(root)
    notebook_uri = (root / "train.ipynb").as_uri()
    sent = time.perf_counter()
    cell_uris = session.open_notebook(notebook_uri, cells)
    target = next(i for i, (_, source) in enumerate(cells) if source.startswith("@jax.jit\ndef step_0"))
    arrived, _ = await session.diagnostics_after(cell_uris[target], 0)
    figures: dict = {"cells": len(cells), "open_to_diagnostics_ms": _ms(arrived - sent)}
    latencies, version = [], 1
    for index in range(edits + 3):
        version += 1
        source = cells[target][1]
        if index % 2 == 0:
            source = source.replace("    grads =", '    print("step")\n    grads =')
        sent = time.perf_counter()
        session.replace_cell(notebook_uri, cell_uris[target], source, version)
        arrived, _ = await session.diagnostics_after(cell_uris[target], index + 1)
        if index >= 3:
            latencies.append(arrived - sent)
    figures["change_to_diagnostics_ms"] = _summary(latencies)
    await session.stop()
    return figures


def _summary(latencies: list[float]) -> dict:
    ordered = sorted(latencies)
    return {
        "median": _ms(statistics.median(ordered)),
        "p90": _ms(ordered[int(0.9 * (len(ordered) - 1))]),
        "max": _ms(ordered[-1]),
        "n": len(ordered),
    }


def check_time(text: str, repeats: int = 10) -> dict:
    """The check alone, in this process: wall time, and CPU time (what it costs on an idle core)."""
    api.check_source(text, "train.py")
    wall, cpu = [], []
    for _ in range(repeats):
        started, started_cpu = time.perf_counter(), time.process_time()
        api.check_source(text, "train.py")
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return {"wall": _summary(wall), "cpu": _summary(cpu)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=pathlib.Path, help="real code to edit (default: a generated file)")
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pause", type=float, default=0.1,
        help="seconds between the diagnostics of one edit and the next edit (0: edits back to back)",
    )
    parser.add_argument("--json", type=pathlib.Path)
    args = parser.parse_args()
    text = args.file.read_text() if args.file else generate(args.lines)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        report = {
            "file": str(args.file or "generated"),
            "lines": text.count("\n"),
            "in_process_full_check_ms": check_time(text),
            "session": asyncio.run(measure_file(text, root, args.edits, args.seed, args.pause)),
        }
        if not args.file:
            report["notebook"] = asyncio.run(measure_notebook(text, root, args.edits))
    report["load_average_1min"] = {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)}
    report["cpu_cores"] = os.cpu_count()
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
