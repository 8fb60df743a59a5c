"""A tuple made from a traced array, given as `axis`: measured on jax 0.10.2.

    /work/venv/bin/python bench/traced_axis_tuple.py

Prints (jax 0.10.2, CPU):
    axis=tuple(jnp.arange(1, 2)) under jit: TracerIntegerConversionError
    axis=tuple(range(1, 2)) under jit: ok
"""

import jax
import jax.numpy as jnp


def expand(mask, axes_from):
    return jnp.expand_dims(mask, axis=axes_from(mask.ndim, mask.ndim + 1))


for label, make in (("tuple(jnp.arange(1, 2))", lambda a, b: tuple(jnp.arange(a, b))), ("tuple(range(1, 2))", lambda a, b: tuple(range(a, b)))):
    try:
        jax.jit(lambda m: expand(m, make))(jnp.ones(3))
        print(f"axis={label} under jit: ok")
    except Exception as error:  # noqa: BLE001 - the measurement is the error's type
        print(f"axis={label} under jit: {type(error).__name__}")
