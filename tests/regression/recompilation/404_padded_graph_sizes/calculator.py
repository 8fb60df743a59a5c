import math

import numpy as np


def neighbor_list(positions, cutoff):
    n = len(positions)
    d = np.linalg.norm(positions[:, None] - positions[None], axis=-1)
    s, r = np.nonzero((d < cutoff) & ~np.eye(n, dtype=bool))
    return s, r


def pad_graph(positions, senders, receivers):
    # pad nodes by one and edges by 10%: fine for one MD run, but every new
    # structure in a high-throughput sweep gets its own padded size
    n_pad = len(positions) + 1
    e_pad = math.ceil(len(senders) * 1.1)
    pos = np.zeros((n_pad, 3), np.float32)
    pos[: len(positions)] = positions
    s = np.full(e_pad, n_pad - 1, np.int32)
    r = np.full(e_pad, n_pad - 1, np.int32)
    s[: len(senders)] = senders
    r[: len(receivers)] = receivers
    mask = np.zeros(n_pad, np.float32)
    mask[: len(positions)] = 1.0
    return pos, s, r, mask
