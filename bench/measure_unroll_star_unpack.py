"""Unpacking a traced array with a starred target iterates its rows at trace time.

    python bench/measure_unroll_star_unpack.py

`rng, *rngs = jax.random.split(rng, n + 1)` inside jit slices the key array once per row, as a
`for` loop over it would, and `jnp.stack(rngs)` puts them back: the program grows with `n`.
Measured on jax 0.10.2, CPU (equations of `jax.make_jaxpr`, seconds to trace and compile):

    rows   unpacked (eqns, s)   split + slice (eqns, s)
    8      19, 0.05             3, 0.02
    32     67, 0.09             3, 0.02
    128    259, 0.30            3, 0.02
    512    1027, 1.57           3, 0.02
"""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp


def unpacked(rng, x):
    rng, *rngs = jax.random.split(rng, x.shape[0] + 1)
    return jnp.stack(rngs) , rng


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
