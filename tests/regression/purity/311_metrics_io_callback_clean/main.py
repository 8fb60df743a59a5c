"""Clean look-alike: the loss row is written through jax.experimental.io_callback.

Source: https://docs.jax.dev/en/latest/external-callbacks.html
The guide's recommended form: host I/O from compiled code goes through io_callback, which
runs on every execution with concrete values.

Observed on jax 0.10.2: 3 of 3 calls
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
