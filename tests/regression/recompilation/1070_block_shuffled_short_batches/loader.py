import numpy as np


def block_shuffled_batches(n_rows, block_rows, batch_size, seed=0):
    """Yields index batches, cut inside each shuffle block (the bug)."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(n_rows)
    for rstart in range(0, n_rows, block_rows):
        rstop = min(rstart + block_rows, n_rows)
        for start in range(rstart, rstop, batch_size):
            yield order[start:min(start + batch_size, rstop)]
