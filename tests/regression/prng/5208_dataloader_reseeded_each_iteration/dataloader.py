import jax
import numpy as np


class PRNGSequence:
    """Minimal stand-in for hk.PRNGSequence(seed): an iterator of fresh keys from one seed."""

    def __init__(self, seed: int):
        self._key = jax.random.PRNGKey(seed)

    def __next__(self):
        self._key, subkey = jax.random.split(self._key)
        return subkey


class DataLoader:
    def __init__(self, replay_buffer, batch_size: int, key_shuffling_batch: int) -> None:
        self.replay_buffer = replay_buffer
        self.batch_size = batch_size
        self.indexes = np.arange(0, len(replay_buffer))
        self.suffling_keys = PRNGSequence(key_shuffling_batch)

    def shuffle(self) -> None:
        self.indexes = np.array(jax.random.permutation(next(self.suffling_keys), self.indexes))

    def __iter__(self):
        for start in range(0, len(self.indexes), self.batch_size):
            yield self.replay_buffer[self.indexes[start:start + self.batch_size]]
