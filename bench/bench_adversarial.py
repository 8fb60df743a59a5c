"""Time and peak memory of one file at a time, on inputs built to find superlinear analysis.

    python bench/bench_adversarial.py [--limit 30000] [--goal 2.0] [--repeat 3] [--shape NAME ...]

Each shape is a generator of source text from a count (loop nests in a jitted function, a long
`or` test on traced values, module-level loops that each jit a lambda, many draws from one key,
literal tables, deep nests of functions and calls, chains of jitted functions, long `elif`
chains, many classes, long string concatenations, many imports, ...). The count is the largest
whose file stays within ``--limit`` syntax nodes (the default ``max-syntax-nodes``, counted as
the linter counts them) and the linter's other bounds (a million bytes, about a thousand levels
of nesting, twenty thousand nested brackets), so every file is as large as the linter agrees to
analyse. A shape whose depth
is bounded (by Python or by the linter) repeats its deepest nest instead.

Each file is checked by a fresh ``jaxcheck check --no-cache --isolated`` process, ``--repeat``
times, and reported with its count, size, syntax nodes, the best wall time, the best CPU time
of the process (which a machine busy with other work disturbs less), the CPU time the file
adds to a run (the process's, less that of the same check of a one-line file: starting Python,
jax's names and libcst, paid once per run), the peak memory and what came back (findings, or a
JAX001). A row whose file adds over ``--goal`` CPU seconds is marked; the exit status is 1 when
any row is.
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
from collections.abc import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from jaxcheck.budget import MAX_SYNTAX_NODES, file_over_bounds  # noqa: E402
from jaxcheck.diagnostics import FileError  # noqa: E402
from jaxcheck.parsing import MAX_FILE_BYTES, python_ast  # noqa: E402

JIT = "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n\n"


def nested_loops(nests: int) -> str:
    """Loop nests 18 deep (Python allows 20 nested blocks) in jitted functions."""
    out = [JIT]
    for k in range(nests):
        out.append(f"@jax.jit\ndef f{k}(x):\n")
        out += ["    " * (i + 1) + f"for i{i} in range(2):\n" for i in range(18)]
        out.append("    " * 19 + "x = x + 1\n    return x\n\n")
    return "".join(out)


def or_chain(operands: int) -> str:
    params = ", ".join(f"x{i}" for i in range(operands))
    chain = " or ".join(f"x{i} > 0" for i in range(operands))
    return f"{JIT}@jax.jit\ndef f({params}):\n    if {chain}:\n        return 1\n    return 0\n"


def loops_jitting_lambdas(loops: int) -> str:
    return JIT + "".join(f"for i in range(3):\n    g{k} = jax.jit(lambda x: x + i)\n    g{k}(1.0)\n" for k in range(loops))


def draws_from_one_key(draws: int) -> str:
    return JIT + "key = jax.random.PRNGKey(0)\n" + "".join(f"x{k} = jax.random.normal(key)\n" for k in range(draws))


def split_chain(splits: int) -> str:
    """A key split again and again, each half drawn from once, in a jitted function."""
    body = "".join(f"    key, sub = jax.random.split(key)\n    x = x + jax.random.normal(sub)\n" for _ in range(splits))
    return f"{JIT}@jax.jit\ndef f(key, x):\n{body}    return x\n"


def literal_table(items: int) -> str:
    return JIT + "DATA = [" + ", ".join(str(i % 1000) for i in range(items)) + "]\n"


def literal_dict_in_jit(items: int) -> str:
    entries = ", ".join(f"'k{i}': ({i}, {i}.5)" for i in range(items))
    return f"{JIT}@jax.jit\ndef f(x):\n    table = {{{entries}}}\n    return x * table['k0'][0]\n"


def nested_functions(nests: int) -> str:
    """Functions defined inside each other 90 deep (Python allows 100 indents, here of one
    space each), the innermost jitted and called from the outside in."""
    out = [JIT]
    depth = 90
    for k in range(nests):
        for level in range(depth):
            out.append(f"{' ' * level}def n{k}_{level}(x):\n")
        out.append(f"{' ' * depth}return jnp.sin(x)\n")
        for level in reversed(range(depth - 1)):
            out.append(f"{' ' * (level + 1)}return jax.jit(n{k}_{level + 1})(x)\n")
        out.append(f"n{k}_0(1.0)\n\n")
    return "".join(out)


def nested_calls(lines: int) -> str:
    """Calls nested 150 deep (Python allows 200 open brackets) in a jitted function."""
    depth = 150
    statement = "jnp.sin(" * depth + "x" + ")" * depth
    return f"{JIT}@jax.jit\ndef f(x):\n" + "".join(f"    x = {statement}\n" for _ in range(lines)) + "    return x\n"


def jitted_call_chain(functions: int) -> str:
    """Small jitted functions, each calling the one before it."""
    out = [JIT, "@jax.jit\ndef f0(x):\n    return x + 1\n\n"]
    out += [f"@jax.jit\ndef f{k}(x):\n    return f{k - 1}(x) * 2\n\n" for k in range(1, functions)]
    out.append(f"print(f{functions - 1}(1.0))\n")
    return "".join(out)


def jitted_call_fan(functions: int) -> str:
    """Small jitted functions, each calling the two before it."""
    out = [JIT, "@jax.jit\ndef f0(x):\n    return x + 1\n\n@jax.jit\ndef f1(x):\n    return x - 1\n\n"]
    out += [f"@jax.jit\ndef f{k}(x):\n    return f{k - 1}(x) + f{k - 2}(x)\n\n" for k in range(2, functions)]
    out.append(f"print(f{functions - 1}(1.0))\n")
    return "".join(out)


def chains(total: int, longest: int = 900) -> list[int]:
    """``total`` links cut into chains of ``longest`` (the linter checks nothing nested deeper
    than about a thousand levels, `parsing.MAX_NESTING`)."""
    return [longest] * (total // longest) + ([total % longest] if total % longest else [])


def elif_chains(arms: int, header: str, test: str, action: str, footer: str) -> str:
    """`elif` chains of ``arms`` arms in all, one per function: ``header`` and ``footer`` around
    each (``{k}`` the function's number), ``if {test}: {action}`` each arm (``{i}`` its number)."""
    out = [JIT]
    for k, length in enumerate(chains(arms)):
        arm = "".join(f"    {'if' if i == 0 else 'elif'} {test.format(i=i)}:\n        {action.format(i=i)}\n" for i in range(length))
        out.append(header.format(k=k) + arm + footer.format(k=k))
    return "".join(out)


def elif_chain_static(arms: int) -> str:
    """`elif` chains on a static argument."""
    header = "@partial(jax.jit, static_argnums=1)\ndef f{k}(x, n):\n"
    return elif_chains(arms, header, "n == {i}", "x = x + {i}", "    return x\n\nf{k}(1.0, 3)\n\n")


def elif_chain_traced(arms: int) -> str:
    """`elif` chains on a traced value."""
    return elif_chains(arms, "@jax.jit\ndef f{k}(x):\n    y = 0\n", "x == {i}", "y = {i}", "    return y\n\n")


def classes_with_methods(classes: int) -> str:
    out = [JIT]
    for k in range(classes):
        out.append(
            f"class C{k}:\n    def __init__(self, w):\n        self.w = w\n\n"
            f"    @partial(jax.jit, static_argnums=0)\n    def apply(self, x):\n        return x * self.w\n\n"
            f"    def step(self, x):\n        return self.apply(x) + {k}\n\n"
        )
    out.append("for i in range(3):\n    C0(i).step(1.0)\n")
    return "".join(out)


def string_concatenation(parts: int) -> str:
    """Long concatenations of strings in a jitted function."""
    lines = "".join("    s = " + " + ".join(f"'p{i}'" for i in range(length)) + "\n" for length in chains(parts))
    return f"{JIT}@jax.jit\ndef f(x):\n{lines}    return x\n"


def many_imports(imports: int) -> str:
    lines = [f"import p{k}.m as m{k}\nfrom p{k} import n as n{k}\n" for k in range(imports)]
    return JIT + "".join(lines) + "@jax.jit\ndef f(x):\n    return m0.g(n0(x))\n"


def loops_calling_jitted(loops: int) -> str:
    """Module-level loops, each calling a jitted function with its loop variable."""
    body = "".join(f"for i in range({k % 7 + 1}):\n    y = g(jnp.ones(i), i)\n" for k in range(loops))
    return f"{JIT}@partial(jax.jit, static_argnums=1)\ndef g(x, n):\n    return x * n\n\n{body}"


def many_statements_in_jit(statements: int) -> str:
    body = "".join(f"    y{i} = x * {i} + jnp.sum(x)\n" for i in range(statements))
    return f"{JIT}@jax.jit\ndef f(x):\n{body}    return x\n"


SHAPES: dict[str, Callable[[int], str]] = {
    "nested_loops": nested_loops,
    "or_chain": or_chain,
    "loops_jitting_lambdas": loops_jitting_lambdas,
    "draws_from_one_key": draws_from_one_key,
    "split_chain": split_chain,
    "literal_table": literal_table,
    "literal_dict_in_jit": literal_dict_in_jit,
    "nested_functions": nested_functions,
    "nested_calls": nested_calls,
    "jitted_call_chain": jitted_call_chain,
    "jitted_call_fan": jitted_call_fan,
    "elif_chain_static": elif_chain_static,
    "elif_chain_traced": elif_chain_traced,
    "classes_with_methods": classes_with_methods,
    "string_concatenation": string_concatenation,
    "many_imports": many_imports,
    "loops_calling_jitted": loops_calling_jitted,
    "many_statements_in_jit": many_statements_in_jit,
}


def fits(source: str, limit: int) -> bool:
    """Whether the linter agrees to analyse ``source``: within its bytes, its nesting, its
    nested brackets and ``limit`` syntax nodes (judged as the linter judges a file)."""
    if len(source.encode()) > MAX_FILE_BYTES:
        return False
    if isinstance(python_ast("input.py", source), FileError):
        return False  # nested deeper than Python or the linter allow
    return file_over_bounds("input.py", source, limit) is None


def largest_count(shape: Callable[[int], str], limit: int) -> int:
    """The largest count whose source the linter analyses (sizes grow with the count)."""
    low, high = 1, 2
    while fits(shape(high), limit):
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(shape(middle), limit) else (low, middle)
    return low


def measure(path: pathlib.Path) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds (less disturbed by a busy machine), peak MiB and the outcome."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "check", str(path), "--no-cache", "--isolated", "--format", "json"],
        capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    # ru_maxrss of children is the largest child so far: only a new maximum is this file's.
    peak = (after.ru_maxrss if after.ru_maxrss > before.ru_maxrss else float("nan")) / 1024
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return elapsed, cpu, peak, f"exit {done.returncode}: {done.stderr.strip()[-200:]}"
    if report["errors"]:
        outcome = report["errors"][0]["message"]
    else:
        outcome = f"{len(report['diagnostics'])} findings"
    return elapsed, cpu, peak, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=MAX_SYNTAX_NODES, help="syntax nodes each input stays within")
    parser.add_argument("--goal", type=float, default=2.0, help="CPU seconds a file should add to a run at most")
    parser.add_argument("--repeat", type=int, default=3, help="runs per file; the best is reported")
    parser.add_argument("--shape", action="append", choices=sorted(SHAPES), help="only this shape (repeatable)")
    args = parser.parse_args()
    over = 0
    with tempfile.TemporaryDirectory() as directory:
        start_path = pathlib.Path(directory) / "start.py"
        start_path.write_text("import jax\n")
        start = min(measure(start_path)[1] for _ in range(args.repeat))
        print(f"a one-line file: {start:.2f} CPU s (the start of a run)\n")
        print(
            f"{'shape':24} {'count':>7} {'bytes':>9} {'nodes':>7} {'seconds':>8} {'cpu s':>6} {'file cpu s':>10} "
            f"{'peak MiB':>9}  {'goal':5} outcome"
        )
        for name in args.shape or SHAPES:
            shape = SHAPES[name]
            count = largest_count(shape, args.limit)
            source = shape(count)
            path = pathlib.Path(directory) / f"{name}.py"
            path.write_text(source)
            nodes = sum(1 for _ in ast.walk(ast.parse(source)))
            runs = [measure(path) for _ in range(args.repeat)]
            elapsed = min(run[0] for run in runs)
            cpu = min(run[1] for run in runs)
            peak = max(run[2] for run in runs)
            outcome = runs[0][3]
            within = cpu - start <= args.goal
            over += not within
            print(
                f"{name:24} {count:7,} {len(source):9,} {nodes:7,} {elapsed:8.2f} {cpu:6.2f} {cpu - start:10.2f} {peak:9.0f}  "
                f"{'yes' if within else 'NO':5} {outcome[:80]}",
                flush=True,
            )
    print(
        f"\n{over} shape(s) over the goal of {args.goal:g} CPU s a file (best of {args.repeat}); "
        "peak memory is the largest new maximum of its runs"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
