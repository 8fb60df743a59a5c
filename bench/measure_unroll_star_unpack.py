"""Unpacking a traced array with a starred target iterates its rows at trace time.

    python bench/measure_unroll_star_unpack.py

`rng, *rngs = jax.random.split(rng, n + 1)` inside jit slices the key array once per row, as a
`for` loop over it would, and `jnp.stack(rngs)` puts them back: the program grows with `n`.
Measured on jax 0.10.2, CPU (equations of `jax.make_jaxpr`, seconds to lower and compile on
a shared, loaded 2-core machine):

    rows   unpacked (eqns, s)   split + slice (eqns, s)
    8      22, 0.50             6, 0.47
    32     70, 0.56             6, 0.69
    128    262, 0.75            6, 0.63
    512    1030, 0.89           6, 0.64
    2048   4102, 2.24           6, 0.62
"""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp


def unpacked(rng, x):
    rng, *rngs = jax.random.split(rng, x.shape[0] + 1)
    return jnp.stack(rngs), rng


def sliced(rng, x):
    keys = jax.random.split(rng, x.shape[0] + 1)
    return keys[1:], keys[0]


def measure(function, rows: int) -> tuple[int, float]:
    rng, x = jax.random.PRNGKey(0), jnp.zeros((rows,))
    equations = len(jax.make_jaxpr(function)(rng, x).jaxpr.eqns)
    start = time.perf_counter()
    jax.jit(function).lower(rng, x).compile()
    return equations, time.perf_counter() - start


if __name__ == "__main__":
    for rows in (8, 32, 128, 512, 2048):
        (a, ta), (b, tb) = measure(unpacked, rows), measure(sliced, rows)
        print(f"{rows:<6} {a}, {ta:.2f}    {b}, {tb:.2f}")
