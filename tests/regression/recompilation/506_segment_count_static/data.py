import numpy as np


def batches(n_batches, edges_per_batch, rng):
    for _ in range(n_batches):
        # graphs per batch depends on how many fit in the edge budget
        n_graphs = int(rng.integers(3, 6))
        seg = np.sort(rng.integers(0, n_graphs, size=edges_per_batch))
        msgs = rng.normal(size=(edges_per_batch, 4)).astype(np.float32)
        yield msgs, seg, n_graphs
