from typing import Dict

import jax
import jax.numpy as jnp
import numpy as np


class DataLoader:
    def __init__(self, replay_buffer, batch_size: int, key_dataloader) -> None:
        self.replay_buffer = replay_buffer
        self.batch_size = batch_size
        self.indexes = np.arange(0, len(self.replay_buffer["dones_tp1"]))
        self._key_dataloader = key_dataloader

    def __len__(self) -> int:
        return np.ceil(len(self.indexes) / self.batch_size).astype(int)

    def __getitem__(self, idx: int) -> Dict:
        if idx == len(self):
            raise IndexError
        start = idx * self.batch_size
        end = min((idx + 1) * self.batch_size, len(self.indexes))
        idxs = self.indexes[start:end]
        return {
            "observation_t": jnp.array(self.replay_buffer["obs_t"][idxs]),
            "advantage_t": jnp.expand_dims(jnp.array(self.replay_buffer["advantages_t"][idxs]), 1),
            "value_t": jnp.array(self.replay_buffer["values_t"][idxs]),
        }

    def shuffle(self) -> None:
        self._key_dataloader, rng = jax.random.split(self._key_dataloader)
        self.indexes = np.array(jax.random.permutation(rng, self.indexes, independent=True))
