"""A cache guarded by `not hasattr(self, ...)` (or several such tests joined by `or`) filled
while JAX traces: what `lazy_fields.cache_fills` reads for JAX105.
Run: python bench/measure_hasattr_cache.py

Measured on jax 0.10.2 (CPU):
    host data (np.arange, an int, a sibling field): 3 calls at two shapes give the eager results;
        the cache holds <class 'numpy.ndarray'> and ints
    a JAX value filled the same way: UnexpectedTracerError on the retrace at a new shape
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np


class Cache:
    def __init__(self, n, on_device=False):
        self.n = n
        self.on_device = on_device

    def index(self, x):
        if not hasattr(self, "_idx") or not hasattr(self, "_size"):
            self._idx = (jnp if self.on_device else np).arange(self.n)
            self._size = self.n
            self._half = self.n // 2
        return x[self._idx] * self._size + self._half


if __name__ == "__main__":
    cache = Cache(3)
    f = jax.jit(lambda x: cache.index(x))
    got = [f(jnp.arange(k, dtype=jnp.float32)) for k in (4, 4, 6)]
    eager = [Cache(3).index(jnp.arange(k, dtype=jnp.float32)) for k in (4, 4, 6)]
    print("host data: results equal eager:", all(bool((a == b).all()) for a, b in zip(got, eager)),
          "cache holds", type(cache._idx), type(cache._size), type(cache._half))
    leaky = Cache(3, on_device=True)
    g = jax.jit(lambda x: leaky.index(x))
    g(jnp.ones(4))
    try:
        g(jnp.ones(6))
        print("JAX value: no error")
    except Exception as error:  # noqa: BLE001
        print("JAX value:", type(error).__name__)
