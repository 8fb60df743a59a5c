import numpy as np


class CsvLikeLoader:
    """Mimics a loader where integer-looking shards are parsed as ints."""

    def __init__(self, n_batches, batch_size, dim):
        self.n_batches, self.batch_size, self.dim = n_batches, batch_size, dim

    def __iter__(self):
        rng = np.random.default_rng(0)
        for i in range(self.n_batches):
            x = rng.normal(size=(self.batch_size, self.dim))
            if i % 2 == 0:
                x = x.astype(np.float32)
            else:
                x = np.round(x * 10).astype(np.int64)
            yield x
