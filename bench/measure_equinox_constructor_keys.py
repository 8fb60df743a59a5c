"""Which `equinox.nn` constructors draw their initial parameters from the `key` they are given.

    python bench/measure_equinox_constructor_keys.py

For every class of `equinox.nn` whose constructor takes `key`, built twice from one key (and once
from another) with small arguments: whether the two builds have equal array leaves, and whether
another key changes them (a constructor that takes `key` and ignores it makes equal builds from
different keys too). Prints one line per class it could build.
"""
import inspect

import equinox as eqx
import jax
import jax.numpy as jnp

ARGUMENTS = {  # small positional arguments per class
    "Linear": (3, 4), "MLP": (3, 4, 8, 2), "Conv": (1, 2, 3, 3), "Conv1d": (2, 3, 3), "Conv2d": (2, 3, 3),
    "Conv3d": (2, 3, 3), "ConvTranspose": (1, 2, 3, 3), "ConvTranspose1d": (2, 3, 3), "ConvTranspose2d": (2, 3, 3),
    "ConvTranspose3d": (2, 3, 3), "Embedding": (10, 4), "GRUCell": (3, 4), "LSTMCell": (3, 4),
    "MultiheadAttention": (2, 4), "Identity": (), "RotaryPositionalEmbedding": (4,), "Sequential": ([],),
    "Lambda": (jnp.sin,), "LayerNorm": (4,), "GroupNorm": (2, 4), "RMSNorm": (4,), "Dropout": (),
    "BatchNorm": (4, "batch"), "SpectralNorm": None, "WeightNorm": None, "PReLU": (), "StatefulLayer": None,
    "Shared": None, "AvgPool1d": (2,), "MaxPool1d": (2,), "Pool": None,
}


def leaves(module):
    return [x for x in jax.tree_util.tree_leaves(eqx.filter(module, eqx.is_array))]


for name in sorted(dir(eqx.nn)):
    cls = getattr(eqx.nn, name)
    if not inspect.isclass(cls):
        continue
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        continue
    if "key" not in params:
        continue
    args = ARGUMENTS.get(name)
    if args is None:
        print(f"{name}: takes key; not built here")
        continue
    try:
        a, b = cls(*args, key=jax.random.key(0)), cls(*args, key=jax.random.key(0))
        c = cls(*args, key=jax.random.key(1))
    except Exception as error:  # noqa: BLE001
        print(f"{name}: takes key; could not build ({type(error).__name__})")
        continue
    la, lb, lc = leaves(a), leaves(b), leaves(c)
    same = all(bool(jnp.array_equal(x, y)) for x, y in zip(la, lb))
    drawn = any(not bool(jnp.array_equal(x, y)) for x, y in zip(la, lc))
    print(f"{name}: {len(la)} array leaves; one key twice equal: {same}; another key differs: {drawn}")
