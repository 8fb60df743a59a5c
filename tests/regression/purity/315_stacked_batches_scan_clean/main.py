"""Clean look-alike: batches are pulled from the iterator on the host and scanned over.

Source: https://github.com/jax-ml/jax/pull/3632
The documented fix: consume the iterator outside the traced function (here: stack the
epoch's batches on the host) and pass the data in as an argument to lax.scan.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from data import batch_stream, stack_batches
from train import run_epoch


def run():
    it = batch_stream(10, 8, 3)
    xs, ys = stack_batches(it, 3)
    return run_epoch(jnp.zeros((3, 1)), xs, ys)
