"""A minimal numpy DataLoader like the one discussed for treex (host-side iterator)."""
import numpy as np


class DataLoader:
    def __init__(self, x, y, batch_size):
        self.x, self.y, self.batch_size = x, y, batch_size

    def __iter__(self):
        for i in range(0, len(self.x), self.batch_size):
            yield self.x[i:i + self.batch_size], self.y[i:i + self.batch_size]
