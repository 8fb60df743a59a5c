"""Trace + compile time of a Python loop unrolled inside `jax.jit`, against `lax.scan`.

The body is the GAE-style backward recursion of the bundled JAX407 examples (the pattern RL
trainers write with `for t in reversed(range(T))`, and its `lax.scan` form). Each trip count is a
new shape, so the jitted function is traced, lowered and compiled anew; the time of `.lower()` (tracing) and `.compile()` (XLA) are printed
for the unrolled form and for the `lax.scan` form. Run: `python bench/bench_unroll.py 8 16 32 64`.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import sys
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples" / "recompilation"


def _example(name: str):
    """The `gae` of one of the bundled JAX407 examples (the bench times exactly that code)."""
    path = EXAMPLES / f"jax407_unrolled_loop_in_jit_{name}.py"
    spec = importlib.util.spec_from_file_location(f"jax407_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.gae


def measure(jitted, steps: int, envs: int = 8) -> tuple[float, float]:
    """Trace and compile times of ``jitted`` at a trip count it has not seen (a new shape traces
    anew)."""
    args = [jnp.ones((steps, envs)) for _ in range(3)]
    start = time.perf_counter()
    lowered = jitted.lower(*args)
    traced = time.perf_counter()
    lowered.compile()
    done = time.perf_counter()
    return traced - start, done - traced


def main(counts: list[int]) -> None:
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    print(f"{'steps':>6} {'unrolled trace':>15} {'unrolled compile':>17} {'scan trace':>11} {'scan compile':>13}")
    unrolled, scanned = _example("bad"), _example("good")
    for steps in counts:
        u_trace, u_compile = measure(unrolled, steps)
        s_trace, s_compile = measure(scanned, steps)
        print(f"{steps:>6} {u_trace:>14.3f}s {u_compile:>16.3f}s {s_trace:>10.3f}s {s_compile:>12.3f}s", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [4, 8, 16, 32, 64, 128])
