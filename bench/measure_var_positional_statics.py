"""Compiles of a function with `*args` jitted with `static_argnums` that name parameters before
`*args` (`static_argnums=(0, 2)` on `def train(net, x, callback, *args)`): what
`_numbers_name_parameters` in analysis/host/cache_keys.py reads. Compiles are counted with
`f._cache_size()` after clearing the caches (no weak-typed arguments here).
Run: python bench/measure_var_positional_statics.py

Measured on jax 0.10.2 (CPU):
    3 calls, a new lambda at `callback` on each: 3 compiles
    3 calls, one module-level function at `callback`: 1 compile
    3 calls, the same function, extra positional arguments in `*args`: 1 compile
"""

from __future__ import annotations

import jax
import jax.numpy as jnp


def train(net, x, callback, *args):
    return callback(x * net, *args)


train_jit = jax.jit(train, static_argnums=(0, 2))


def keep(v, *_):
    return v


def compiles(run) -> int:
    jax.clear_caches()
    run()
    return train_jit._cache_size()


def main() -> None:
    x = jnp.ones(3)
    print("new lambda per call:", compiles(lambda: [train_jit(2, x, lambda v, *_: v) for _ in range(3)]))
    print("one function:", compiles(lambda: [train_jit(2, x, keep) for _ in range(3)]))
    print("one function, *args:", compiles(lambda: [train_jit(2, x, keep, x) for _ in range(3)]))


if __name__ == "__main__":
    main()
