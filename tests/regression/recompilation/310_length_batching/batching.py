from collections import defaultdict

import numpy as np

AA = "ACDEFGHIKLMNPQRSTVWY"


def encode(seq):
    return np.array([AA.index(c) + 1 for c in seq], np.int32)


def length_batch(sequences):
    """Group sequences by exact length so that no padding is needed."""
    groups = defaultdict(list)
    for s in sequences:
        groups[len(s)].append(encode(s))
    return [np.stack(g) for _, g in sorted(groups.items())]
