"""Compiles of a jitted call in a helper whose argument follows a parameter that a loop calling
the helper changes on every iteration (`varying_per_call` in analysis/host/cache_keys.py and
`_varying_shape_per_call` in analysis/host/shape_keys.py), and of a bound method jitted with
`static_argnames` (read by name past the receiver).
Run: python bench/measure_varying_parameters.py

Measured on jax 0.10.2 (CPU):
    static from the helper's parameter, 4 calls with range(4): 4 compiles
    the same parameter passed a constant 4 times: 1 compile
    list grown by each of 3 iterations, stacked in the helper: 3 compiles
    list rebuilt with 3 items each of 3 iterations: 1 compile
    jax.jit(self._step, static_argnames=("n",)) called with n = 0, 1, 2: 3 compiles
    the helper called over the sweep (50, 100, 200), itself or through a loop in another
    module's function: 3 compiles (`run_sweep`: the loop is in this file, the helper as
    another module's `execute` would be)
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

_TRACES = {"pooled": 0, "forward": 0, "step": 0}


@partial(jax.jit, static_argnames="n")
def pooled(x, n):
    _TRACES["pooled"] += 1
    return x * n


def scale(x, n):
    return pooled(x, n=n + 1)


@jax.jit
def forward(tokens):
    _TRACES["forward"] += 1
    return tokens.sum()


def next_token(prompt):
    return int(forward(jnp.asarray(prompt)))


class Optimizer:
    def __init__(self):
        self._jit_step = jax.jit(self._step, static_argnames=("n",))

    def _step(self, x, n):
        _TRACES["step"] += 1
        return x + n


def counted(name: str, run) -> int:
    jax.clear_caches()
    before = _TRACES[name]
    run()
    return _TRACES[name] - before


def grow():
    prompt = list([1, 2])
    for turn in range(3):
        prompt.append(next_token(prompt))


def rebuild():
    for turn in range(3):
        next_token([1, 2, turn])


def run_sweep(x):
    for num_steps in (50, 100, 200):
        scale(x, num_steps)


if __name__ == "__main__":
    x = jnp.ones(3)
    print("static from the helper's parameter, 4 calls with range(4):", counted("pooled", lambda: [scale(x, i) for i in range(4)]), "compiles")
    print("the same parameter passed a constant 4 times:", counted("pooled", lambda: [scale(x, 2) for _ in range(4)]), "compile")
    print("list grown by each of 3 iterations, stacked in the helper:", counted("forward", grow), "compiles")
    print("list rebuilt with 3 items each of 3 iterations:", counted("forward", rebuild), "compile")
    opt = Optimizer()
    print('jax.jit(self._step, static_argnames=("n",)) called with n = 0, 1, 2:', counted("step", lambda: [opt._jit_step(x, n=n) for n in range(3)]), "compiles")
    print("the helper called over the sweep (50, 100, 200):", counted("pooled", lambda: run_sweep(x)), "compiles")
