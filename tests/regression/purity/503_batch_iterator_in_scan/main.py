"""Minibatches pulled with ``next()`` inside a scanned, jitted epoch: every step sees batch 0.

Source: https://openillumi.com/en/en-jax-jit-iterator-vs-lax-foriloop
Report: a Stack Overflow question (summarised on the page) found that a Python iterator
consumed inside ``lax.fori_loop`` gave a wrong result: the loop body is traced once, so
``next(it)`` runs once and its value becomes a constant reused by every iteration (a Python
``for`` loop happened to work only because it is unrolled). Here a training epoch is a
``lax.scan`` whose body calls ``next()`` on the input pipeline's generator.
run() counts scan steps whose batch is identical to the first step's batch.

Observed on jax 0.10.2: 4 of 4 calls
"""
import jax.numpy as jnp
import numpy as np

from data import batch_stream
from train import make_epoch_fn


def run():
    n_steps = 4
    epoch = make_epoch_fn(batch_stream(n_steps, 8, 3), n_steps)
    _, batch_sums = epoch(jnp.zeros(3))
    batch_sums = np.asarray(batch_sums)
    return int(np.sum(np.isclose(batch_sums, batch_sums[0])))
