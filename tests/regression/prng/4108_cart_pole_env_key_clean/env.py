import math

import jax
import jax.numpy as jnp


class CartPole:
    def __init__(self, seed=0, sim_dt=0.1, batch_size=0):
        self.nb = 2
        self.sim_dt = sim_dt
        self.batch_size = batch_size
        self.theta_done = 30.0 / 360.0 * math.pi
        self.x_threshold = 2.5
        self.key = jax.random.PRNGKey(seed)
        self.reset()

    def _state_random_initializer(self):
        self.key, subkey = jax.random.split(self.key)
        state = jax.random.uniform(subkey, shape=(4,), minval=-0.05, maxval=0.05)
        return state

    def _batch_state_random_initializer(self):
        self.key, subkey = jax.random.split(self.key)
        return jax.random.uniform(subkey, shape=(self.batch_size, 4), minval=-0.05, maxval=0.05)

    def reset(self):
        if self.batch_size == 0:
            self.state = self._state_random_initializer()
        else:
            self.state = self._batch_state_random_initializer()
        return self.state
