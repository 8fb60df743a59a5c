import jax
import jax.numpy as jnp
from collections import namedtuple

Transition = namedtuple('Transition', 'state action reward next_state done')


class ReplayBuffer():
    """A simple replay buffer class to keep track of the agent's past experience"""

    def __init__(self, obs_shape, action_shape, max_length=1e6):
        self.obs_shape = obs_shape
        self.action_shape = action_shape
        self.max_length = max_length
        self._memory = []

    def __len__(self):
        return len(self._memory)

    def store_transition(self, state, action, reward, next_state, done) -> None:
        while len(self._memory) >= self.max_length:
            del self._memory[0]
        self._memory.append(Transition(state=state, action=action, reward=reward,
                                       next_state=next_state, done=done))

    def sample_batch(self, batch_size: int, rng) -> Transition:
        """Returns a Transition of batches"""
        indices = jax.random.randint(rng, (batch_size,), 0, len(self._memory))
        batch = [self._memory[int(i)] for i in indices]
        return Transition(*(jnp.stack(field) for field in zip(*batch)))
