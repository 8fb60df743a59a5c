"""A tiny logger class whose `log` method prints, used inside a jitted step.

Source: https://github.com/google/flax/issues/743
Printing from jitted code needs a host callback; wrapping `print` in a method of a helper class
does not change when it runs: at trace time, once.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


class ConsoleLogger:
    def __init__(self, prefix):
        self.prefix = prefix

    def log(self, name, value):
        print(f"{self.prefix} {name}={value}")  # expect: JAX101


LOGGER = ConsoleLogger("[train]")


@jax.jit
def train_step(w, g):
    w = w - 0.1 * g
    LOGGER.log("w_norm", jnp.linalg.norm(w))
    return w


def run():
    printed = 0
    w = jnp.ones(3)
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            w = train_step(w, jnp.ones(3))
        printed += bool(out.getvalue())
    return printed
