import numpy as np


def batch_stream(n_batches, batch_size, dim, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        x = rng.normal(size=(batch_size, dim)).astype(np.float32)
        y = x.sum(axis=1, keepdims=True)
        yield x, y


class CountingIterator:
    """Wraps a batch generator and counts how many batches were consumed."""

    def __init__(self, it):
        self._it = it
        self.consumed = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.consumed += 1
        return next(self._it)
