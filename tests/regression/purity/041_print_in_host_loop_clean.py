"""Printing and timing in the Python loop around a jitted step.

Source: https://github.com/bardhh/cbfkit/pull/237
Timing diagnostics belong around the jitted call (with `block_until_ready`), where they run on
every iteration.

Observed on jax 0.10.x: printed in 3 of 3 calls
"""

import contextlib
import io
import time

import jax
import jax.numpy as jnp


@jax.jit
def simulate_step(state, control):
    return state + 0.01 * control


def simulate(state, steps=3):
    printed = 0
    for _ in range(steps):
        started = time.time()
        with contextlib.redirect_stdout(io.StringIO()) as out:
            state = simulate_step(state, jnp.ones(2)).block_until_ready()
            print(f"step took {time.time() - started:.4f}s")
        printed += bool(out.getvalue())
    return printed


def run():
    return simulate(jnp.zeros(2))
