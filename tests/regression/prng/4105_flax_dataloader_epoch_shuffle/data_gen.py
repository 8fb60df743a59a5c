from collections.abc import Iterable

import jax


class FlaxDataloader(Iterable):
    """
        A simple custom data loader for flax
    """
    def __init__(self, X, y, batch_size, rng):
        super().__init__()
        self.X = X
        self.y = y
        self.num_samples = X.shape[0]
        self.rng = rng
        self.batch_size = batch_size

    def __iter__(self):
        indices = jax.random.permutation(self.rng, self.num_samples)  # expect: JAX502,JAX503
        for i in range(0, self.num_samples, self.batch_size):
            batch_indices = indices[i:i + self.batch_size]
            yield self.X[batch_indices], self.y[batch_indices]
