"""An input validation `if not jnp.all(jnp.isfinite(x))` in a function that gets jitted.

Source: https://github.com/f0uriest/interpax/issues/96
`jit(CubicSpline)(x, y)` failed: the constructor validates its inputs with a Python check on
`jnp.all(jnp.isfinite(x))`, which is traced under `jit`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def prepare_input(x, y):
    if not jnp.all(jnp.isfinite(x)):  # expect: JAX201
        raise ValueError("x must contain only finite values")
    dx = jnp.diff(x)
    return dx, jnp.diff(y) / dx


def cubic_slopes(x, y):
    dx, slope = prepare_input(x, y)
    return slope


def run():
    return jax.jit(cubic_slopes)(jnp.array([0.0, 1.0, 2.0]), jnp.array([0.0, 1.0, 4.0]))
