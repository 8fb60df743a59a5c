"""`print` in the body of `lax.scan` outside any `jit`.

Source: https://github.com/jax-ml/jax/issues/136
Users wanted to log what runs inside traced programs; a `print` in a scan body runs when the
body is traced (once, and the trace is cached across calls of the same body), not per step.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax.numpy as jnp
from jax import lax


def cumulative_body(carry, x):
    total = carry + x
    print("step", total)  # expect: JAX101
    return total, total


def running_sum(xs):
    _, totals = lax.scan(cumulative_body, 0.0, xs)
    return totals


def run():
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            running_sum(jnp.arange(3.0))
        printed += bool(out.getvalue())
    return printed
