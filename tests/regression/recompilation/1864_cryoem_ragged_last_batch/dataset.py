"""Minimal stand-in for recovar's image dataset / batch iterator."""
import numpy as np


class CryoEMDataset:
    def __init__(self, n_images, grid_size, seed=0):
        rng = np.random.default_rng(seed)
        self.n_images = n_images
        self.image_shape = (grid_size, grid_size)
        self.images = rng.standard_normal((n_images, grid_size * grid_size)).astype(np.float32)
        self.ctf_params = rng.uniform(0.5, 1.5, (n_images, 1)).astype(np.float32)

    def get_dataset_generator(self, batch_size):
        # batches may be ragged at the end: the last one is whatever is left
        for start in range(0, self.n_images, batch_size):
            end = min(start + batch_size, self.n_images)
            yield self.images[start:end], self.ctf_params[start:end], np.arange(start, end)
