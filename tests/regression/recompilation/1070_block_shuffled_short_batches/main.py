"""Training on batches cut per shuffle block, so short batches appear mid-epoch.

Source: https://github.com/emfdavid/insitubatch/pull/22
What happened: batches were drawn within each shuffle block and restarted at the
block boundary, so every block whose row count was not a multiple of batch_size
ended in a short batch; jax.jit retraces per shape, giving up to three distinct
batch shapes and a cache that never settled.
Observed on jax 0.10.2: train_step compiled 3 times
"""
import jax.numpy as jnp
import numpy as np

from train import train_epoch


def run():
    rng = np.random.default_rng(1)
    features = rng.normal(size=(100, 3)).astype(np.float32)
    targets = rng.normal(size=(100,)).astype(np.float32)
    w = jnp.zeros(3)
    for _ in range(2):
        w = train_epoch(w, features, targets, batch_size=16)
    return w.sum()
