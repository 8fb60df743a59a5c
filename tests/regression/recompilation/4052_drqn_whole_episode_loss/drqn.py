from functools import partial

import jax
import jax.numpy as jnp

from buffer import EpisodicBuffer


def q_network(params, s, h):
    """Tiny recurrent Q-network over a (1, T, n_states) sequence."""
    def cell(h, x):
        h = jnp.tanh(x @ params["wx"] + h @ params["wh"])
        return h, h @ params["wo"]
    h, q = jax.lax.scan(cell, h[0], s[0])
    return q[None], h[None]


class DRQN:
    """Deep Recurrent Q-network using double Q-learning."""

    def __init__(self, n_states, n_actions, gamma, buffer_size, max_len, lr=1e-2):
        self.n_states, self.gamma, self.lr = n_states, gamma, lr
        self.buffer = EpisodicBuffer(buffer_size, max_len=max_len)
        k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
        self.params = {"wx": 0.1 * jax.random.normal(k1, (n_states, 8)),
                       "wh": 0.1 * jax.random.normal(k2, (8, 8)),
                       "wo": 0.1 * jax.random.normal(k3, (8, n_actions))}
        self.target_params = self.params
        self.q_network = q_network

    def init_state(self, batch_size):
        return jnp.zeros((batch_size, 8))

    def train(self):
        """Train the agent on a single episode. Uses the double q-learning target."""
        if len(self.buffer.buffer) > 2:
            s, a, r, d = self.buffer.sample()
            s = jnp.array([s])  # (1, ep_length, n_states)
            a = jnp.array(a)  # (ep_length)
            r = jnp.array(r)  # (ep_length)
            d = jnp.array(d, dtype=jnp.float32)  # (ep_length)
            loss, gradients = jax.value_and_grad(self.loss_fn)(  # expect: JAX404
                self.params, self.target_params, s, a, r, d
            )
            self.params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, self.params, gradients)
            return loss

    @partial(jax.jit, static_argnums=0)
    def loss_fn(self, params, target_params, s, a, r, d):
        h = self.init_state(1)
        a_targ = jnp.argmax(self.q_network(params, s[:, 1:], h)[0], axis=-1).squeeze(0)
        q_next = self.q_network(target_params, s[:, 1:], h)[0].squeeze(0)
        q_next = jnp.hstack((q_next[jnp.arange(a_targ.shape[0]), a_targ], jnp.zeros((1,))))
        td_target = r + self.gamma * jax.lax.stop_gradient(q_next) * (1.0 - d)
        q_values = self.q_network(params, s, h)[0].squeeze(0)
        q_values = q_values[jnp.arange(a.shape[0]), a]
        return jnp.square((q_values - td_target)).mean()
