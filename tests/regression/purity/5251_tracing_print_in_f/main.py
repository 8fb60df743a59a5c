"""The JAX "Tracing" tutorial puts print() statements inside a function and jits it:
the prints fire once, during tracing, and show tracer objects instead of the data;
calling the compiled function again on matching inputs prints nothing at all.
Here the printing function lives in model.py and the training script jits it, so the
user expecting a log line per call only ever sees the first one.

Source: https://docs.jax.dev/en/latest/tracing.html
Observed on jax 0.10.x: 2 of 3 calls
"""
import contextlib
import io

import numpy as np
from jax import jit

from model import f

f_jit = jit(f)


def run():
    silent = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        x = rng.standard_normal((3, 4)).astype(np.float32)
        y = rng.standard_normal(4).astype(np.float32)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            f_jit(x, y).block_until_ready()
        if "Running f()" not in buf.getvalue():
            silent += 1
    return silent
