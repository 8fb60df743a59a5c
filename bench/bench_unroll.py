"""Trace + compile time of a Python loop unrolled inside `jax.jit`, against `lax.scan`.

The body is a GAE-style backward recursion (the pattern RL trainers write with
`for t in reversed(range(T))`). For each trip count the jitted function is built fresh, then
lowered and compiled once; the time of `.lower()` (tracing) and `.compile()` (XLA) are printed
for the unrolled form and for the `lax.scan` form. Run: `python bench/bench_unroll.py 8 16 32 64`.
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


def unrolled(rewards, values, dones):
    advantages = []
    last = jnp.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0] - 1)):
        delta = rewards[t] + 0.99 * values[t + 1] * (1 - dones[t]) - values[t]
        last = delta + 0.99 * 0.95 * (1 - dones[t]) * last
        advantages.insert(0, last)
    return jnp.stack(advantages)


def scanned(rewards, values, dones):
    def step(last, xs):
        reward, value, next_value, done = xs
        delta = reward + 0.99 * next_value * (1 - done) - value
        last = delta + 0.99 * 0.95 * (1 - done) * last
        return last, last

    xs = (rewards[:-1], values[:-1], values[1:], dones[:-1])
    _, advantages = jax.lax.scan(step, jnp.zeros_like(rewards[0]), xs, reverse=True)
    return advantages


def measure(function, steps: int, envs: int = 8) -> tuple[float, float]:
    args = [jnp.ones((steps, envs)) for _ in range(3)]
    jitted = jax.jit(function)
    start = time.perf_counter()
    lowered = jitted.lower(*args)
    traced = time.perf_counter()
    lowered.compile()
    done = time.perf_counter()
    return traced - start, done - traced


def main(counts: list[int]) -> None:
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    print(f"{'steps':>6} {'unrolled trace':>15} {'unrolled compile':>17} {'scan trace':>11} {'scan compile':>13}")
    for steps in counts:
        u_trace, u_compile = measure(unrolled, steps)
        s_trace, s_compile = measure(scanned, steps)
        print(f"{steps:>6} {u_trace:>14.3f}s {u_compile:>16.3f}s {s_trace:>10.3f}s {s_compile:>12.3f}s", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [4, 8, 16, 32, 64, 128])
