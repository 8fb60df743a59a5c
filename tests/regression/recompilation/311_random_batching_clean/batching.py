import numpy as np

AA = "ACDEFGHIKLMNPQRSTVWY"


def encode(seq, max_len):
    ids = np.zeros(max_len, np.int32)
    ids[: len(seq)] = [AA.index(c) + 1 for c in seq]
    return ids


def random_batch(sequences, batch_size, max_len, seed=0):
    """Pad every sequence to max_len and draw fixed-size batches."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(sequences))
    batches = []
    for i in range(0, len(order) - batch_size + 1, batch_size):
        batches.append(np.stack([encode(sequences[j], max_len) for j in order[i:i + batch_size]]))
    return batches
