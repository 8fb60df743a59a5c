"""SAC in JAX: the replay-buffer test fills the buffer with transitions whose next_state == state.

The test draws one `rng` per dummy transition with `key, rng = jax.random.split(key)` and then
feeds that same `rng` to five `jax.random.uniform` calls (obs, action, reward, next_state, done).
Same key and same shape give the same numbers, so every stored transition has
`next_state == state` and `done == reward`; the sampled batches the test then checks carry none of
the variety a real buffer holds.

Source: https://github.com/cyrille-kone/soft-actor-critic-jax/blob/7e77015fe0b2555aa5ea430666a0da0f3a8e6cf7/tests/test_replay_buffer.py#L20
Observed on jax 0.10.x: 10 of 10 calls
"""
import jax
import jax.numpy as jnp

import replay_buffer

seed = 0


def fill_with_dummy_data(buffer, n=12):
    key = jax.random.PRNGKey(seed)
    for i in range(n):
        key, rng = jax.random.split(key)
        obs = jax.random.uniform(rng, shape=(3,))
        action = jax.random.uniform(rng, shape=(5,))  # expect: JAX501
        reward = jax.random.uniform(rng, shape=(1,))
        next_state = jax.random.uniform(rng, shape=(3,))
        done = jax.random.uniform(rng, shape=(1,))
        buffer.store_transition(obs, action, reward, next_state, done)
    return key


def run():
    buffer = replay_buffer.ReplayBuffer(obs_shape=(3,), action_shape=(5,), max_length=10)
    key = fill_with_dummy_data(buffer)
    key, rng = jax.random.split(key)
    batch = buffer.sample_batch(4, rng)
    assert batch.state.shape == (4, 3)
    return sum(bool(jnp.array_equal(t.state, t.next_state)) for t in buffer._memory)
