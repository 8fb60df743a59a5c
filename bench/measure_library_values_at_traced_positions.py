"""Library values (functions, classes, modules) and flax modules at a traced position of a plain
`jax.jit` (jax 0.10.2; run with /work/venv).

    python bench/measure_library_values_at_traced_positions.py

Results (2026-11-28): every one of the values listed below raises `TypeError: Error interpreting
argument to ... as an abstract array` (flax is not installed here); a `jax.tree_util.Partial`
is a pytree and traced (bench/measure_untraceable_arguments.py).
"""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np


def traced(value):
    try:
        jax.jit(lambda x, v: x)(1.0, value)
        return "traced"
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}: {str(error).splitlines()[0][:70]}"


for name, value in {
    "jax.nn.relu (custom_jvp)": jax.nn.relu,
    "jnp.tanh (a jitted function)": jnp.tanh,
    "jax.nn.gelu": jax.nn.gelu,
    "np.sum": np.sum,
    "math.sqrt (builtin)": math.sqrt,
    "len (builtin)": len,
    "jnp.float32 (a scalar type)": jnp.float32,
    "np.float32": np.float32,
    "jnp (a module)": jnp,
    "jax.random.normal": jax.random.normal,
    "object (a class)": object,
    "a class of the user's code": type("Model", (), {}),
    "functools.partial(f, scale=2.0)": functools.partial(lambda x, scale: x * scale, scale=2.0),
    "functools.partial(f)": functools.partial(lambda x: x),
    "jnp.dtype('float32')": jnp.dtype("float32"),
    "jax.tree_util.Partial(f, 2.0) (traced)": jax.tree_util.Partial(lambda x, s: x * s, 2.0),
}.items():
    print(f"{name}: {traced(value)}")

try:
    import flax.linen as nn

    class MLP(nn.Module):
        @nn.compact
        def __call__(self, x):
            return nn.Dense(2)(x)

    print("flax.linen Module instance:", traced(MLP()))
    print("flax.linen.Dense(2):", traced(nn.Dense(2)))
except ImportError as error:
    print("flax:", error)
