from typing import Dict

import jax
import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, max_size: int = 10000) -> None:
        self.max_size: int = max_size
        self.len: int = 0
        self.idx: int = 0

    def set_first(self, state, action, reward, next_state, absorbing) -> None:
        self.states = jnp.zeros((self.max_size,) + state.shape, dtype=state.dtype)
        self.actions = jnp.zeros((self.max_size,) + action.shape, dtype=action.dtype)
        self.rewards = jnp.zeros((self.max_size,) + reward.shape, dtype=reward.dtype)
        self.next_states = jnp.zeros((self.max_size,) + next_state.shape, dtype=next_state.dtype)
        self.absorbings = jnp.zeros((self.max_size,) + absorbing.shape, dtype=absorbing.dtype)

    def add(self, state, action, reward, next_state, absorbing) -> None:
        if self.idx >= self.max_size:
            self.idx = 0
        if self.len == 0:
            self.set_first(state, action, reward, next_state, absorbing)
        self.states = self.states.at[self.idx].set(state)
        self.actions = self.actions.at[self.idx].set(action)
        self.rewards = self.rewards.at[self.idx].set(reward)
        self.next_states = self.next_states.at[self.idx].set(next_state)
        self.absorbings = self.absorbings.at[self.idx].set(absorbing)
        self.idx += 1
        self.len = min(self.len + 1, self.max_size)

    def sample_random_batch(self, sample_key, n_samples: int) -> Dict[str, jnp.ndarray]:
        idxs = jax.random.randint(sample_key, shape=(n_samples,), minval=0, maxval=self.len)
        return {
            "state": self.states[idxs],
            "action": self.actions[idxs],
            "reward": self.rewards[idxs],
            "next_state": self.next_states[idxs],
            "absorbing": self.absorbings[idxs],
        }
