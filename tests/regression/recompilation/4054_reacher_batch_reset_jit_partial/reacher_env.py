from functools import partial

import jax
import jax.numpy as jnp


class Reacher:
    def __init__(self, batch_size=4, seed=0):
        self.batch_size = batch_size
        self.key = jax.random.PRNGKey(seed)
        self.link_lengths = (0.1, 0.11)
        self.state = None

    def calc_pos_target(self, target):
        return jnp.array([target[0], target[1], 0.01])

    def calc_pos_fingertip(self, q):
        l1, l2 = self.link_lengths
        x = l1 * jnp.cos(q[0]) + l2 * jnp.cos(q[0] + q[1])
        y = l1 * jnp.sin(q[0]) + l2 * jnp.sin(q[0] + q[1])
        return jnp.array([x, y, 0.01])

    def _batch_state_random_initializer(self):
        self.key, subkey = jax.random.split(self.key)
        batch_q = jax.random.uniform(subkey, (self.batch_size, 2), minval=-3.14, maxval=3.14)
        batch_qdot = jnp.zeros((self.batch_size, 2))
        self.key, subkey = jax.random.split(self.key)
        batch_target = jax.random.uniform(subkey, (self.batch_size, 2), minval=-0.27, maxval=0.27)
        batch_to_target_vec = jax.vmap(jax.jit(partial(self.calc_pos_target)))(batch_target) - \
            jax.vmap(jax.jit(partial(self.calc_pos_fingertip)))(batch_q)  # expect: JAX402
        state = jnp.concatenate(
            [batch_q, batch_qdot, batch_target, batch_to_target_vec[:, 0:2]], axis=1)
        return state

    def reset(self):
        self.state = self._batch_state_random_initializer()
        return self.state
