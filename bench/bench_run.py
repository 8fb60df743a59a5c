"""Overhead of `jaxcheck run` on a training loop (target: <= 1.10x of plain `python`).

    JAX_PLATFORMS=cpu python bench/bench_run.py [--steps N] [--repeats R]

A small MLP trained with SGD under `jax.jit` (plus a jitted evaluation and a host-side metric
every 100 steps, as training scripts do) runs alternately as `python train.py` and as
`python -m jaxcheck run train.py`. Reported per mode, as medians over the repeats: the loop's
own seconds (printed by the script: what the user waits for between start and finish of
training), the whole process's wall time (imports, the static check and the report included) and
its CPU time (with the static check's process; steadier than wall time on a loaded machine).
`step` holds a trace-time `print` (a JAX101 finding), so the run watches its line as it would in
a program with findings.

On a shared machine whole-process timings are noisy, so the same loop is also timed in one
process, alternating blocks of steps with and without the instrumentation (``--in-process``):
the steady-state cost per training step, compilation excluded.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

TRAIN = '''
import sys
import time

import jax
import jax.numpy as jnp


def init(key, sizes):
    params = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (a, b)) * 0.1, jnp.zeros(b)))
    return params


def loss(params, x, y):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return jnp.mean((x @ w + b - y) ** 2)


@jax.jit
def step(params, x, y):
    print("tracing step")  # a JAX101 finding: the run watches this line
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads), value


@jax.jit
def evaluate(params, x, y):
    return loss(params, x, y)


def main(steps):
    started = time.perf_counter()
    key, init_key = jax.random.split(jax.random.key(0))
    params = init(init_key, [32, 128, 128, 1])
    history = []
    for i in range(steps):
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub, (128, 32))
        y = jnp.sum(x, axis=1, keepdims=True)
        params, value = step(params, x, y)
        if i % 100 == 0:
            history.append(float(evaluate(params, x, y)))
    print(f"loop_seconds={time.perf_counter() - started:.4f} final={history[-1]:.4f}")


if __name__ == "__main__":
    main(int(sys.argv[1]))
'''


_PRINT_LINE = next(n for n, text in enumerate(TRAIN.splitlines(), 1) if "tracing step" in text)  # the flagged line


def _once(command: list[str], cwd: str) -> tuple[float, float, float]:
    """The loop's seconds, the process's wall seconds, and the CPU seconds of the process and of
    the processes it waited for (less sensitive than wall time to other load on the machine)."""
    environment = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    loop = next(float(part.split("=")[1]) for part in completed.stdout.split() if part.startswith("loop_seconds="))
    return loop, wall, cpu


def in_process(steps: int, repeats: int) -> None:
    import importlib.util

    import jax
    import jax.numpy as jnp

    from jaxcheck.runtime.instrument import Recorder

    directory = tempfile.TemporaryDirectory()
    path = pathlib.Path(directory.name, "train.py").resolve()
    path.write_text(TRAIN)
    spec = importlib.util.spec_from_file_location("bench_train", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["bench_train"] = module  # an imported module: the recorder adds its calls to `step`
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    step, init = module.step, module.init
    state = {"key": jax.random.key(1)}
    state["key"], init_key = jax.random.split(state["key"])
    state["params"] = init(init_key, [32, 128, 128, 1])

    def block(n: int) -> float:
        started = time.perf_counter()
        for _ in range(n):
            state["key"], sub = jax.random.split(state["key"])
            x = jax.random.normal(sub, (128, 32))
            state["params"], value = step(state["params"], x, jnp.sum(x, axis=1, keepdims=True))
        value.block_until_ready()
        return time.perf_counter() - started

    block(20)
    plain, instrumented = [], []
    for _ in range(repeats):
        plain.append(block(steps))
        with Recorder({str(path): {_PRINT_LINE}}):
            instrumented.append(block(steps))
    directory.cleanup()
    base, measured = statistics.median(plain), statistics.median(instrumented)
    print(f"in one process, {steps} steps x {repeats}: plain {base:.3f} s, instrumented {measured:.3f} s: {measured / base:.3f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--in-process", action="store_true", help="only the in-process steady-state comparison")
    args = parser.parse_args()
    if args.in_process:
        in_process(args.steps, args.repeats)
        return 0
    with tempfile.TemporaryDirectory() as directory:
        pathlib.Path(directory, "train.py").write_text(TRAIN)
        modes = {
            "python": [sys.executable, "train.py", str(args.steps)],
            "jaxcheck run": [sys.executable, "-m", "jaxcheck", "run", "--report", "report.txt", "train.py", str(args.steps)],
        }
        samples: dict[str, list[tuple[float, float, float]]] = {mode: [] for mode in modes}
        for _ in range(args.repeats):
            for mode, command in modes.items():  # alternate, so load on the machine hits both alike
                samples[mode].append(_once(command, directory))
        report = pathlib.Path(directory, "report.txt").read_text()
    medians = {mode: [statistics.median(s[i] for s in runs) for i in range(3)] for mode, runs in samples.items()}
    for mode, (loop, wall, cpu) in medians.items():
        print(f"{mode:>13}: loop {loop:.3f} s, process {wall:.3f} s, CPU {cpu:.3f} s (median of {args.repeats})")
    base, instrumented = medians["python"], medians["jaxcheck run"]
    print(
        f"overhead: loop {instrumented[0] / base[0]:.3f}x, process {instrumented[1] / base[1]:.3f}x, "
        f"process CPU time {instrumented[2] / base[2]:.3f}x (target <= 1.10x); load average {os.getloadavg()[0]:.1f}"
    )
    print("report of the last instrumented run:")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
