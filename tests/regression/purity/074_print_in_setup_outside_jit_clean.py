"""A model class prints its configuration in `__init__`; only its forward method is jitted.

Source: https://github.com/google/flax/issues/743
Printing belongs outside the traced code: the constructor runs eagerly, and the jitted method
has no Python side effects.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import functools
import io

import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, factor):
        self.factor = factor
        print(f"built Scaler(factor={factor})")

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        return x * self.factor


def run():
    printed = 0
    with contextlib.redirect_stdout(io.StringIO()) as out:
        scaler = Scaler(2.0)
    printed += bool(out.getvalue())
    for i in range(2):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            scaler(jnp.ones(3) * i)
        printed += bool(out.getvalue())
    return printed
