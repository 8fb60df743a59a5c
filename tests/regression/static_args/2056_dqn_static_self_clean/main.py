"""DQN training loop after the "DQN working fast" commit of a projected-Bellman-operator paper's
code. `BaseQ.learn_on_batch` is a method jitted with `static_argnames="self"`: the Q-network object
is a static argument hashed by identity, but it is built once before the loop and the same object
is passed on every update. Batches come from a preallocated ReplayBuffer through
`sample_random_batch(key, batch_size)`, so every batch has the same shapes and dtypes, and
learn_on_batch compiles once for the whole run.

Source: https://github.com/theovincent/PBO/blob/d33ca3e78939d3034e56de52e2a578f69c7403d1/pbo/networks/base_q.py#L125
Observed on jax 0.10.x: learn_on_batch compiled 1 times
"""
import jax
import jax.numpy as jnp

from base_q import BaseQ
from replay_buffer import ReplayBuffer


def collect_samples(key, replay_buffer, n_samples):
    for _ in range(n_samples):
        key, k1, k2 = jax.random.split(key, 3)
        state = jax.random.normal(k1, (8,))
        action = jax.random.randint(k2, (), 0, 4)
        replay_buffer.add(state, action, jnp.float32(1.0), state + 0.1, jnp.float32(0.0))
    return key


def run():
    key = jax.random.PRNGKey(0)
    sample_key = jax.random.PRNGKey(1)
    replay_buffer = ReplayBuffer(64)
    key = collect_samples(key, replay_buffer, 16)
    q = BaseQ(state_dim=8, n_actions=4, gamma=0.99, network_key=jax.random.PRNGKey(2), learning_rate=1e-3)
    for bellman_iteration in range(1, 3):
        params_target = q.params
        for update in range(3):
            key = collect_samples(key, replay_buffer, 1)
            sample_key, k = jax.random.split(sample_key)
            batch_data = replay_buffer.sample_random_batch(k, 8)
            q.params, q.optimizer_state, l2_loss = q.learn_on_batch(
                q.params, params_target, q.optimizer_state, batch_data
            )
    return 0
