"""Latency of `jaxcheck server`, driven over stdio by pygls's language client.

    python bench/bench_server.py [--lines 1000] [--edits 30] [--json OUT]

One session on a generated file of about ``--lines`` lines of JAX code (jitted steps, helpers,
loops, a few real findings): start → open → edit → code action → apply the fix → save, each
step timed from the moment the client sends it to the moment the answer (or the diagnostics
of that document version) arrives. Then ``--edits`` single-line edits once warm: diagnostics
latency after a change, which includes the server's debounce (``DEBOUNCE_SECONDS``). The
same file split into notebook cells is timed the same way. The in-process check time of the
file is printed too, to show what of the latency is the check itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

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


async def measure_file(text: str, root: pathlib.Path, edits: int) -> dict:
    session = Session()
    figures: dict = {}
    started = time.perf_counter()
    await session.start(root)
    figures["start_and_initialize_ms"] = _ms(time.perf_counter() - started)
    uri = (root / "train.py").as_uri()
    lines = text.splitlines(keepends=True)
    sent = time.perf_counter()
    session.open(uri, text)
    arrived, diagnostics = await session.diagnostics_after(uri, 0)
    figures["open_to_diagnostics_ms"] = _ms(arrived - sent)
    figures["findings_on_open"] = len(diagnostics)

    version, seen = 1, 1
    # Warm: single-line edits in a jitted body, alternately adding and removing a finding.
    target = next(i for i, line in enumerate(lines) if line.startswith("    grads = jax.grad(loss_0)"))
    latencies = []
    for index in range(edits + 3):
        version += 1
        replacement = '    print("step")\n' if index % 2 == 0 else lines[target]
        old_length = len(lines[target]) if index % 2 == 0 else len('    print("step")\n')
        sent = time.perf_counter()
        session.edit(uri, version, (target, 0), (target, old_length - 1), replacement.rstrip("\n"))
        arrived, diagnostics = await session.diagnostics_after(uri, seen)
        seen += 1
        if index >= 3:  # the first edits warm caches and the interpreter
            latencies.append(arrived - sent)
    figures["change_to_diagnostics_ms"] = _summary(latencies)
    figures["debounce_ms"] = _ms(DEBOUNCE_SECONDS)

    finding = next(d for d in diagnostics if d.code == "JAX101")
    sent = time.perf_counter()
    actions = await session.code_actions(uri, finding)
    figures["code_action_ms"] = _ms(time.perf_counter() - sent)
    fix = next(a for a in actions if a.edit is not None and "jax.debug.print" in a.title)
    document = _current_text(text, lines, target, edits + 3)
    fixed = apply_text_edits(document, fix.edit.changes[uri])
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


def _current_text(text: str, lines: list[str], target: int, edits_made: int) -> str:
    """The document after the warm edits (an odd count leaves the print in)."""
    if edits_made % 2 == 0:
        return text
    changed = list(lines)
    changed[target] = '    print("step")\n'
    return "".join(changed)


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
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--json", type=pathlib.Path)
    args = parser.parse_args()
    text = generate(args.lines)
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        report = {
            "lines": text.count("\n"),
            "in_process_check_ms": check_time(text),
            "file": asyncio.run(measure_file(text, root, args.edits)),
            "notebook": asyncio.run(measure_notebook(text, root, args.edits)),
        }
    report["load_average_1min"] = round(os.getloadavg()[0], 2)
    report["cpu_cores"] = os.cpu_count()
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
