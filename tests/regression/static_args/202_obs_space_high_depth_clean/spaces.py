"""Observation spaces, in the style of an embodied-agent codebase."""
import numpy as np


class Space:
    def __init__(self, dtype, shape=(), low=None, high=None):
        self.dtype = np.dtype(dtype)
        self.shape = tuple(shape)
        # low/high are stored as NumPy arrays, like gym.spaces.Box does.
        self.low = np.asarray(low if low is not None else 0, dtype=self.dtype)
        self.high = np.asarray(high if high is not None else 1, dtype=self.dtype)

    @property
    def discrete(self):
        return np.issubdtype(self.dtype, np.integer)


def make_obs_space(vocab_size=64):
    return {
        "token": Space(np.int32, (), 0, vocab_size),
        "image": Space(np.float32, (8,), 0.0, 1.0),
    }
