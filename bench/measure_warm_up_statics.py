"""Compiles of a jitted function "warmed up" with a short call before the call that is timed,
when the two pass other static values: what `_warm_ups` in analysis/host/cache_keys.py reads.
Run: python bench/measure_warm_up_statics.py

Measured on jax 0.10.2 (CPU):
    warm-up `n_steps=10`, then `n_steps=200`: 2 compiles (the timed call compiles again)
    warm-up and timed call with the same `n_steps`: 1 compile
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n_steps",))
def fit(x, n_steps):
    return jax.lax.fori_loop(0, n_steps, lambda i, v: v * 0.99, x)


def timed(n_steps, warm_up_steps) -> int:
    jax.clear_caches()
    x = jnp.ones(3)
    _ = fit(x, n_steps=warm_up_steps)
    jax.block_until_ready(_)
    jax.block_until_ready(fit(x, n_steps=n_steps))
    return fit._cache_size()


if __name__ == "__main__":
    print("warm-up with other static values:", timed(200, 10))
    print("warm-up with the same static values:", timed(200, 200))
