"""Observation-space descriptors, loosely following the embodied Space class."""
import numpy as np


class Space:
    def __init__(self, dtype, shape=(), low=None, high=None):
        self.dtype = np.dtype(dtype)
        self.shape = tuple(shape)
        # bounds are stored as numpy arrays, even for scalar discrete spaces
        self.low = np.asarray(0 if low is None else low, self.dtype)
        self.high = np.asarray(1 if high is None else high, self.dtype)

    @property
    def discrete(self):
        return np.issubdtype(self.dtype, np.integer)


def make_obs_space(vocab_size=32):
    return {
        "image": Space(np.float32, (4,)),
        "token": Space(np.int32, (), 0, vocab_size),
    }
