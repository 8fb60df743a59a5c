import jax
import numpy as np


class DataLoader:
    def __init__(self, replay_buffer, batch_size: int, key_dataloader) -> None:
        self.replay_buffer = replay_buffer
        self.batch_size = batch_size
        self.indexes = np.arange(0, len(replay_buffer))
        self._key_dataloader = key_dataloader

    def shuffle(self) -> None:
        self._key_dataloader, rng = jax.random.split(self._key_dataloader)
        self.indexes = np.array(jax.random.permutation(rng, self.indexes, independent=True))

    def __iter__(self):
        for start in range(0, len(self.indexes), self.batch_size):
            yield self.replay_buffer[self.indexes[start:start + self.batch_size]]
