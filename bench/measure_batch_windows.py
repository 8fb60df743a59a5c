"""Compiles of a jitted call whose argument is a window of the data that a host loop moves
(`shape_keys.window_change` in analysis/host/shape_keys.py): which window shapes change between
iterations and which stay fixed. Counted from jax's compile events (`backend_compile_duration`
named `jit(step)`), not `_cache_size()`.

    JAX_PLATFORMS=cpu python bench/measure_batch_windows.py

Measured on jax 0.10.2 (CPU), N = 10 rows, B = 4 unless said:
    range(math.ceil(N / B)), x[b * B:(b + 1) * B]                  2 compiles (last batch 2 rows)
    the same with N = 12                                           1 compile (B divides N)
    range((N + B - 1) // B), x[b * B:(b + 1) * B]                  2 compiles
    range(N // B), x[b * B:(b + 1) * B] (the remainder dropped)     1 compile
    p += B per iteration, x[p:min(N, p + B)]                        2 compiles
    while p < N: x[p:p + B]; p += B                                 2 compiles
    range(0, N, B), jax.tree.map(lambda a: a[i:i + B], pair)        2 compiles
    range(0, N, B), x[i:i + B] padded to B rows (np.pad)            1 compile
    range(0, N, B), lax.dynamic_slice(x, (i, 0), (B, 3))            1 compile (start clamped)
    range(0, N, B), x[i:i + B] for N = 8, B = 2 through a caller    1 compile
    range(3), x[b * 3:N] (lower bound moves, upper fixed)           3 compiles
    a generator method yielding {"image": x[i:i + B]}, range(0, N, B)  2 compiles (a dict is a pytree)
    {"image": x[i:i + B], ...} over range(0, N // B * B, B)          1 compile
    sizes 5, 6, 7, 9 bucketed to a multiple of 8                     2 compiles (a set of 2 sizes)
"""

from __future__ import annotations

import collections
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import monitoring

compiles: collections.Counter[str] = collections.Counter()


def _on_duration(event: str, seconds: float, **kwargs: object) -> None:
    if event == "/jax/core/compile/backend_compile_duration":
        compiles[str(kwargs.get("fun_name"))] += 1


monitoring.register_event_duration_secs_listener(_on_duration)


def count(run) -> int:
    @jax.jit
    def step(x):
        return jax.tree.map(lambda a: a.sum(), x)

    before = compiles["jit(step)"]
    run(step)
    return compiles["jit(step)"] - before


def data(n: int) -> np.ndarray:
    return np.arange(n * 3, dtype=np.float32).reshape(n, 3)


def ceil_batches(n: int, size: int):
    def run(step):
        x = data(n)
        for b in range(math.ceil(n / size)):
            step(x[b * size:(b + 1) * size])
    return run


def rounded_up_batches(step, n=10, size=4):
    x = data(n)
    for b in range((n + size - 1) // size):
        step(x[b * size:(b + 1) * size])


def dropped_remainder(step, n=10, size=4):
    x = data(n)
    for b in range(n // size):
        step(x[b * size:(b + 1) * size])


def accumulated(step, n=10, size=4):
    x, processed = data(n), 0
    for _ in range(math.ceil(n / size)):
        step(x[processed:min(n, processed + size)])
        processed += size


def while_counter(step, n=10, size=4):
    x, p = data(n), 0
    while p < n:
        step(x[p:p + size])
        p += size


def tree_mapped(step, n=10, size=4):
    pair = (data(n), data(n))
    for i in range(0, n, size):
        step(jax.tree.map(lambda a: a[i:i + size], pair))


def padded(step, n=10, size=4):
    x = data(n)
    for i in range(0, n, size):
        chunk = x[i:i + size]
        step(np.pad(chunk, ((0, size - len(chunk)), (0, 0))))


def dynamic_sliced(step, n=10, size=4):
    x = jnp.asarray(data(n))
    for i in range(0, n, size):
        step(jax.lax.dynamic_slice(x, (i, 0), (size, 3)))


def through_caller(step):
    def batches(dataset, batch_size):
        n = dataset.shape[0]
        for start in range(0, n, batch_size):
            yield dataset[start:start + batch_size]

    for xb in batches(jnp.arange(8.0)[:, None] * jnp.ones((1, 3)), 2):
        step(xb)


def yielded_dict(step, n=10, size=4):
    class Dataset:
        def __init__(self):
            self.image = data(n)

        def iter(self, batch_size):
            for st in range(0, len(self.image), batch_size):
                yield {"image": jnp.asarray(self.image[st:st + batch_size])}

    for batch in Dataset().iter(size):
        step(batch)


def yielded_dict_dropped(step, n=10, size=4):
    x = data(n)
    for st in range(0, n // size * size, size):
        step({"image": x[st:st + size], "label": x[st:st + size, 0]})


def lower_moves(step, n=10):
    x = data(n)
    for b in range(3):
        step(x[b * 3:n])


def bucketed(step):
    for n in (5, 6, 7, 9):
        step(np.zeros((n + 7) // 8 * 8))


CASES = {
    "range(ceil(N / B)), N = 10": ceil_batches(10, 4),
    "range(ceil(N / B)), N = 12": ceil_batches(12, 4),
    "range((N + B - 1) // B)": rounded_up_batches,
    "range(N // B)": dropped_remainder,
    "p += B, x[p:min(N, p + B)]": accumulated,
    "while p < N, x[p:p + B]": while_counter,
    "jax.tree.map(lambda a: a[i:i + B], pair)": tree_mapped,
    "padded to B rows": padded,
    "lax.dynamic_slice, static size": dynamic_sliced,
    "N = 8, B = 2 through a caller": through_caller,
    "a generator method yielding {'image': x[i:i + B]}": yielded_dict,
    "{'image': x[i:i + B], ...} over range(0, N // B * B, B)": yielded_dict_dropped,
    "x[b * 3:N]": lower_moves,
    "bucketed to a multiple of 8": bucketed,
}

if __name__ == "__main__":
    print("jax", jax.__version__)
    for name, run in CASES.items():
        print(f"{name}: {count(run)} compiles")
