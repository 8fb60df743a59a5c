import math
from typing import Dict, Iterator

import jax
import jax.numpy as jnp
import numpy as np


class DataLoader:
    """Trimmed LeRobot-style loader: rows of (state, action horizon) sampled in shuffled order."""

    def __init__(self, prng_key, dataset: Dict[str, np.ndarray], *, batch_size: int = 32, shuffle: bool = True):
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.num_rows = len(dataset["observation.state"])
        self.all_indices = jnp.arange(self.num_rows)
        self.randomize(prng_key)
        self.iter_ptr = 0

    def randomize(self, prng_key) -> None:
        if self.shuffle:
            self.all_indices = jax.random.permutation(prng_key, self.all_indices)

    def __len__(self) -> int:
        return math.ceil(self.num_rows / self.batch_size)

    def __iter__(self) -> Iterator[Dict[str, jnp.ndarray]]:
        self.iter_ptr = 0
        return self

    def __next__(self) -> Dict[str, jnp.ndarray]:
        if self.iter_ptr >= self.num_rows:
            raise StopIteration
        # Sample next `self.batch_size` indices
        batch_end = min(self.iter_ptr + self.batch_size, self.num_rows)
        indices = np.asarray(self.all_indices[self.iter_ptr:batch_end])
        self.iter_ptr = batch_end
        return {k: jnp.asarray(v[indices]) for k, v in self.dataset.items()}
