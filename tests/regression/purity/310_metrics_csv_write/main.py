"""A jitted training step writes its loss to a CSV file through a metrics writer.

Source: https://docs.jax.dev/en/latest/external-callbacks.html
The external-callbacks guide explains that Python side effects such as printing or
writing to a file inside jit run only at trace time (and see tracers), and that
host-side effects need jax.debug.callback / io_callback.  Here the metrics writer
(another module) appends one row per step; under jit the file gets a single row.

Observed on jax 0.10.2: 1 of 3 calls
"""
import os
import tempfile

import jax.numpy as jnp

from metrics import CSVMetricsWriter
from train import make_train_step


def run():
    with tempfile.TemporaryDirectory() as d:
        writer = CSVMetricsWriter(os.path.join(d, "metrics.csv"))
        step = make_train_step(writer)
        w = jnp.zeros((3,))
        x, y = jnp.ones((4, 3)), jnp.ones((4,))
        for _ in range(3):
            w, loss = step(w, x, y)
        loss.block_until_ready()
        with open(writer.path) as f:
            rows = f.read().splitlines()[1:]
    return len(rows)
