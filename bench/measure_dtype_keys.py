"""Compiles of one jitted function called with arguments that differ only in dtype or weak type
(the cache-key parts `DtypeChange` in analysis/host/cache_keys.py reads).
Run: python bench/measure_dtype_keys.py

Measured on jax 0.10.2 (CPU): int then float 1 more compile, int then int 0, int then strong
int32 1, int then weak int32 array 0; `diagonal` (keeps its argument's dtype, `dtype=a.dtype`)
given an int32 array then a float32 one: 2 compiles."""

from __future__ import annotations

import jax
import jax.numpy as jnp

_COMPILES = [0]


def _listener(event: str, duration: float, **_: object) -> None:
    if event == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


jax.monitoring.register_event_duration_secs_listener(_listener)


@jax.jit
def step(x, lr):
    return x * lr


def compiles(*second_arguments) -> int:
    jax.clear_caches()
    x = jnp.ones(3)
    step(x, 1)  # a Python int: weakly typed int32
    before = _COMPILES[0]
    for value in second_arguments:
        step(x, value)
    return _COMPILES[0] - before


@jax.jit
def diagonal(a):
    n, = a.shape
    return jnp.zeros((n, n), dtype=a.dtype).at[jnp.arange(n), jnp.arange(n)].set(a)


def dtype_kept_compiles() -> int:
    jax.clear_caches()  # strongly typed arrays: `_cache_size` counts the compiles
    diagonal(jnp.array([1, 2, 3, 4]))
    diagonal(jnp.array([1.0, 2.0, 3.0, 4.0]))
    return diagonal._cache_size()


if __name__ == "__main__":
    print("int32 then float32 array, dtype kept:", dtype_kept_compiles())  # 2
    print("int then float:", compiles(0.5))  # 1 more compile
    print("int then int:", compiles(2))  # 0
    print("int then strong int32:", compiles(jnp.int32(2)))  # 1
    print("int then weak int32 array:", compiles(jnp.asarray(2)))  # jnp.asarray of an int: weak, 0
