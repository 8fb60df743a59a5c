"""DQN on Lunar Lander from a paper's codebase (projected Bellman operator). Each update collects a
transition into a list-backed ReplayBuffer and then rebuilds `SampleDataLoader(replay_buffer, ...)`
to draw a batch. The loader's constructor does `self.jitted_getitem = jax.jit(self.getitem)`: a
fresh jit of a new bound method (whose buffer arrays are baked in as constants) on every update,
so `getitem` is traced and compiled again on each training update (the author's next commit,
"DQN working fast", replaced it by a preallocated buffer sampled with fixed-size indices).

Source: https://github.com/theovincent/PBO/blob/43bcc497cf6c232c20a9af1828fc7b6eef72ffc0/experiments/lunar_lander/DQN.py#L83 https://github.com/theovincent/PBO/blob/43bcc497cf6c232c20a9af1828fc7b6eef72ffc0/pbo/sample_collection/dataloader.py#L19
Observed on jax 0.10.x: getitem compiled 5 times
"""
import jax
import jax.numpy as jnp

from dataloader import SampleDataLoader
from replay_buffer import ReplayBuffer


def collect_sample(key, replay_buffer, n_samples):
    for _ in range(n_samples):
        key, k1, k2 = jax.random.split(key, 3)
        state = jax.random.normal(k1, (8,))
        action = jax.random.randint(k2, (), 0, 4)
        replay_buffer.add(state, action, jnp.float32(1.0), state + 0.1, jnp.bool_(False))
    return key


def run():
    key = jax.random.PRNGKey(0)
    shuffle_key = jax.random.PRNGKey(1)
    replay_buffer = ReplayBuffer()
    key = collect_sample(key, replay_buffer, 8)
    params = jnp.zeros((8, 4))
    for update in range(5):
        key = collect_sample(key, replay_buffer, 1)
        data_loader_samples = SampleDataLoader(replay_buffer, 4, shuffle_key)
        data_loader_samples.shuffle()
        batch = data_loader_samples[0]
        q = batch["state"] @ params
        params = params - 0.01 * batch["state"].T @ (q - batch["reward"][:, None])
    return 0
