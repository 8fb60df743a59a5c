import numpy as np


def neighbor_list(positions, cutoff):
    n = len(positions)
    d = np.linalg.norm(positions[:, None] - positions[None], axis=-1)
    s, r = np.nonzero((d < cutoff) & ~np.eye(n, dtype=bool))
    return s, r


def round_up(n, multiple):
    return ((n + multiple) // multiple) * multiple


def pad_graph(positions, senders, receivers):
    # bucketed padding: nodes to a multiple of 8, edges to a multiple of 64
    n_pad = round_up(len(positions), 8)
    e_pad = round_up(len(senders), 64)
    pos = np.zeros((n_pad, 3), np.float32)
    pos[: len(positions)] = positions
    s = np.full(e_pad, n_pad - 1, np.int32)
    r = np.full(e_pad, n_pad - 1, np.int32)
    s[: len(senders)] = senders
    r[: len(receivers)] = receivers
    mask = np.zeros(n_pad, np.float32)
    mask[: len(positions)] = 1.0
    return pos, s, r, mask
