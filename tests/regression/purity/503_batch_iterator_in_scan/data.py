import numpy as np


def batch_stream(n_batches, batch_size, dim, seed=0):
    """Yields successive minibatches (a generator, as in most input pipelines)."""
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        yield rng.normal(size=(batch_size, dim)).astype(np.float32)
