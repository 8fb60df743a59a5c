import numpy as np


def batch_stream(n_batches, batch_size, dim, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        x = rng.normal(size=(batch_size, dim)).astype(np.float32)
        y = x.sum(axis=1, keepdims=True)
        yield x, y


def stack_batches(it, n):
    xs, ys = zip(*[next(it) for _ in range(n)])
    return np.stack(xs), np.stack(ys)
