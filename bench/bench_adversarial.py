"""Time and peak memory of one file at a time, on inputs built to find superlinear analysis.

    python bench/bench_adversarial.py [--scale 1.0] [--goal 2.0]

Each input is generated here (deep loop nests in a jitted function, a long `or` test on traced
values, module-level loops that each jit a lambda, many draws from one key, a large literal
table), checked by a fresh `jaxcheck check --no-cache --isolated` process, and reported with
its size, its syntax nodes, the wall time, the peak memory and what came back (findings, or
the JAX001 of the per-file budget). A row over ``--goal`` seconds is marked; the exit status is
1 when any row is.
"""

from __future__ import annotations

import argparse
import ast
import json
import pathlib
import resource
import subprocess
import sys
import tempfile
import time


def nested_loops(levels: int) -> str:
    lines = ["import jax", "", "@jax.jit", "def f(x):"]
    lines += ["    " * (i + 1) + f"for i{i} in range(2):" for i in range(levels)]
    lines += ["    " * (levels + 1) + "x = x + 1", "    return x"]
    return "\n".join(lines) + "\n"


def or_chain(operands: int) -> str:
    params = ", ".join(f"x{i}" for i in range(operands))
    chain = " or ".join(f"x{i} > 0" for i in range(operands))
    return f"import jax\n\n@jax.jit\ndef f({params}):\n    if {chain}:\n        return 1\n    return 0\n"


def loops_jitting_lambdas(loops: int) -> str:
    body = "".join(f"for i in range(3):\n    g{k} = jax.jit(lambda x: x + i)\n    g{k}(1.0)\n" for k in range(loops))
    return "import jax\n\n" + body


def draws_from_one_key(draws: int) -> str:
    return "import jax\n\nkey = jax.random.PRNGKey(0)\n" + "".join(f"x{k} = jax.random.normal(key)\n" for k in range(draws))


def literal_table(items: int) -> str:
    return "import jax\n\nDATA = [" + ", ".join(str(i % 1000) for i in range(items)) + "]\n"


def inputs(scale: float) -> dict[str, str]:
    n = lambda count: max(1, int(count * scale))  # noqa: E731
    return {
        "nested_loops_18": nested_loops(18),
        "nested_loops_30": nested_loops(30),
        f"or_chain_{n(3000)}": or_chain(n(3000)),
        f"loops_jitting_lambdas_{n(1500)}": loops_jitting_lambdas(n(1500)),
        f"loops_jitting_lambdas_{n(4000)}": loops_jitting_lambdas(n(4000)),
        f"draws_from_one_key_{n(4000)}": draws_from_one_key(n(4000)),
        f"literal_table_{n(40000)}": literal_table(n(40000)),
        f"literal_table_{n(200000)}": literal_table(n(200000)),
    }


def measure(path: pathlib.Path) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "check", str(path), "--no-cache", "--isolated", "--format", "json"],
        capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return elapsed, peak / 1024, f"exit {done.returncode}: {done.stderr.strip()[-200:]}"
    if report["errors"]:
        outcome = report["errors"][0]["message"]
    else:
        outcome = f"{len(report['diagnostics'])} findings"
    # ru_maxrss of children is the largest child so far: only a new maximum is this file's.
    return elapsed, (peak if peak > before else float("nan")) / 1024, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the size of every input")
    parser.add_argument("--goal", type=float, default=2.0, help="seconds a file should take at most")
    args = parser.parse_args()
    over = 0
    print(f"{'input':32} {'bytes':>9} {'nodes':>8} {'seconds':>8} {'peak MiB':>9}  outcome")
    with tempfile.TemporaryDirectory() as directory:
        for name, source in inputs(args.scale).items():
            path = pathlib.Path(directory) / f"{name}.py"
            path.write_text(source)
            nodes = sum(1 for _ in ast.walk(ast.parse(source)))
            elapsed, peak, outcome = measure(path)
            mark = " *" if elapsed > args.goal else ""
            over += bool(mark)
            print(f"{name:32} {len(source):9,} {nodes:8,} {elapsed:8.2f} {peak:9.0f}  {outcome[:90]}{mark}")
    print(f"\n{over} input(s) over the goal of {args.goal:g} s (marked *); peak memory is shown where it set a new maximum")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
