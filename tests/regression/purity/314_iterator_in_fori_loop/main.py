"""A data iterator is advanced with next() inside a fori_loop body in a jitted epoch.

Source: https://github.com/jax-ml/jax/pull/3632
The PR documents the question behind it: `next(train_iterator)` inside a
`lax.fori_loop` body gives the same batch at every iteration, because the body is traced
once and the iterator is consumed only at trace time.  Here the epoch runner lives in
train.py and the iterator wrapper counts the batches actually consumed.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax.numpy as jnp

from data import CountingIterator, batch_stream
from train import make_run_epoch


def run():
    it = CountingIterator(batch_stream(10, 8, 3))
    run_epoch = make_run_epoch(it, num_batches=3)
    w = run_epoch(jnp.zeros((3, 1)))
    w.block_until_ready()
    return it.consumed
