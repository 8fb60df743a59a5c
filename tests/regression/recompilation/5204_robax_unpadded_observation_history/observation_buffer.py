"""Basic FIFO buffer for storing observations during evaluation."""

from collections import deque
from typing import Deque, Dict

import jax.numpy as jnp


class BatchedObservationBuffer:
    """Basic FIFO buffer that returns JAX array with observation history."""

    def __init__(self, observation_sizes: Dict[str, int]):
        self.buffers: Dict[str, Deque[jnp.ndarray]] = {
            key: deque(maxlen=size) for key, size in observation_sizes.items()
        }

    def add(self, observation: Dict[str, jnp.ndarray]) -> None:
        """Add an observation to the buffer. Note that every observation should have a batch dim."""
        for key, value in observation.items():
            self.buffers[key].append(value)

    def get_observation(self) -> Dict[str, jnp.ndarray]:
        """Returns: key -> (batch_size, history_length, ...)"""
        return {key: jnp.stack(list(self.buffers[key]), axis=1) for key in self.buffers}
