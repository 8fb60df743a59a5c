"""A CSV metrics writer called from inside a jitted train step writes a single row.

Source: https://code-examples.net/en/q/4c09032/understanding-jax-s-jit-compilation
Report: the Q&A "Understanding JAX's JIT compilation" explains that I/O operations belong in
the non-jitted part of the program: a jitted function is traced once with abstract values and
then replayed as compiled code, so Python I/O inside it runs only during tracing. Here a
helper object appends ``step,loss`` rows to a metrics file from inside the jitted step; the
file receives one row (containing tracer reprs) instead of one per step.
run() trains for four steps and counts the data rows written.

Observed on jax 0.10.2: 1 of 4 calls
"""
import io

import jax.numpy as jnp

from metrics import CSVMetricsWriter
from train import make_train_step


def run():
    fh = io.StringIO()
    writer = CSVMetricsWriter(fh)
    train_step = make_train_step(writer)
    w = jnp.float32(0.0)
    x = jnp.linspace(0.0, 1.0, 8)
    y = 3.0 * x
    for step in range(4):
        w = train_step(jnp.int32(step), w, x, y)
    rows = fh.getvalue().splitlines()[1:]
    return len(rows)
