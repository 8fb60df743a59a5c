"""Traces of a jitted function given at static positions the functions a helper's caller passes
it (`solve` defining `cond_fun`/`body_fun` and calling `while_loop(cond_fun, body_fun, ...)`,
which calls the jitted scan with them): what `_passed_fresh` in analysis/host/cache_keys.py
reads. A jit of the same module-level function rebuilt on every call hits the cache as long
as the static arguments are the same (the compile is the static arguments', not the rebuild's).
Run: python bench/measure_passed_statics.py

Measured on jax 0.10.2 (CPU):
    jit rebuilt per call, the same module-level statics, 3 calls: 1 trace
    jit rebuilt per call, a nested body new per `solve`, 3 solves: 3 traces
    one jit, a nested body new per `solve`, 3 solves: 3 traces
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

_TRACES = [0]


def _scan(cond_fun, body_fun, x, length):
    _TRACES[0] += 1
    return jax.lax.scan(lambda v, _: (jnp.where(cond_fun(v), body_fun(v), v), None), x, None, length=length)[0]


def halve(v):
    return v * 0.5


def positive(v):
    return v > 0


_SCAN = jax.jit(_scan, static_argnums=(0, 1, 3))


def while_loop(cond_fun, body_fun, x, length, rebuild):
    fun = jax.jit(_scan, static_argnums=(0, 1, 3)) if rebuild else _SCAN
    return fun(cond_fun, body_fun, x, length)


def solve(x, rebuild):
    def body_fun(v):
        return v * 0.5

    return while_loop(positive, body_fun, x, 5, rebuild)


def traces(run) -> int:
    jax.clear_caches()
    before = _TRACES[0]
    run()
    return _TRACES[0] - before


if __name__ == "__main__":
    x = jnp.ones(2)
    print("rebuilt jit, same statics:", traces(lambda: [while_loop(positive, halve, x, 5, True) for _ in range(3)]))
    print("rebuilt jit, body new per solve:", traces(lambda: [solve(x, True) for _ in range(3)]))
    print("one jit, body new per solve:", traces(lambda: [solve(x, False) for _ in range(3)]))
