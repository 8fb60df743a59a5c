"""Compiles of a jitted call whose argument's shape comes from one of the sources the shape
model follows (analysis/host/shape_keys.py and the interpreter's ShapeDrift): a jit returned by a
factory, a helper with a loop of its own run per item of a sweep, a boolean mask of the data a
function is handed per item of a loop over a written collection. Counted from jax's compile
events (`backend_compile_duration`), not `_cache_size()`.

    JAX_PLATFORMS=cpu python bench/measure_shape_sources.py

Measured on jax 0.10.2 (CPU):
    factory returning jit(closure), range(0, 10, 4) slices           2 compiles (ragged last batch)
    the same through jax.value_and_grad                               4 compiles (2 per shape)
    the same with 12 rows                                             1 compile
    helper stepping 3 times per item, items (64, 2), (64, 3), (64, 5) 3 compiles
    the same helper, every item (64, 3)                               1 compile
    x[mask] with 3, 5, 3, 8, 2 true elements                          4 compiles (one per count)
    jnp.where(mask, x, 0) for the same masks                          1 compile
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from measure_carried_shapes import counted  # compiles per jitted function, from jax's events


def get_loss():
    def loss(w, x):
        return (w * x).sum()
    return jax.jit(loss)


def factory_batches(n: int, grad: bool = False):
    def run():
        loss_fn = get_loss()
        data = jnp.ones((n, 3))
        for i in range(0, n, 4):
            batch = data[i:i + 4]
            if grad:
                jax.value_and_grad(loss_fn)(1.0, batch)
            else:
                loss_fn(1.0, batch)
    return run


def helper_per_item(dimensions):
    def run():
        def layer(x):
            return jnp.tanh(x)

        step = jax.jit(layer)

        def iterate(data, n_layers=3):
            for _ in range(n_layers):
                data = step(data)
            return data

        for idim in dimensions:
            iterate(np.zeros((64, idim), np.float32))
    return run


def masked(where: bool):
    def run():
        def stats_fn(x):
            return x.mean()

        stats = jax.jit(stats_fn)
        x = jnp.arange(64.0)
        for n_done in (3, 5, 3, 8, 2):
            mask = jnp.zeros(64, dtype=bool).at[:n_done].set(True)
            stats(jnp.where(mask, x, 0.0) if where else x[mask])
    return run


CASES = {  # name: (the compiled function's name in jax's events, the run)
    "factory jit, 10 rows in 4s": ("loss", factory_batches(10)),
    "factory jit through value_and_grad": ("loss", factory_batches(10, grad=True)),
    "factory jit, 12 rows in 4s": ("loss", factory_batches(12)),
    "helper loop per item, dims 2, 3, 5": ("layer", helper_per_item((2, 3, 5))),
    "helper loop per item, dims 3, 3, 3": ("layer", helper_per_item((3, 3, 3))),
    "x[mask], counts 3 5 3 8 2": ("stats_fn", masked(where=False)),
    "jnp.where(mask, x, 0), same masks": ("stats_fn", masked(where=True)),
}

if __name__ == "__main__":
    print("jax", jax.__version__)
    for name, (fun_name, run) in CASES.items():
        print(f"{name}: {counted(fun_name, run)} compiles")
