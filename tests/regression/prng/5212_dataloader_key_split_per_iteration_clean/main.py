"""PPO training loop (final notebook): one seed is turned into a key and split once per task
(`key, key_init_networks = split(key)`, ..., `key_dataloader, key_replay_buffer = split(key)`), and
each training iteration does `key_dataloader, rng = jax.random.split(key_dataloader)` before
`DataLoader(agent.replay_buffer, batch_size, rng)`; DataLoader.shuffle splits its stored key again
for every epoch. The DataLoader is still rebuilt per iteration, but from a fresh key each time, so
the minibatch permutations differ between iterations. run() counts iterations whose epoch-0
permutation repeats the first one (none).

Source: https://github.com/emasquil/ppo/blob/83b54926ea69244d382bfb958271718932894eb0/ppo.ipynb
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import numpy as np

from .dataloader import DataLoader

num_training_iterations = 3
timesteps_per_iteration = 16
num_epochs = 2
batch_size = 4


def run():
    seed = 0
    key = jax.random.PRNGKey(seed)
    key, key_init_networks = jax.random.split(key)
    key, key_sampling_policy = jax.random.split(key)
    key_dataloader, key_replay_buffer = jax.random.split(key)

    first_perm, same = None, 0
    for iteration in range(num_training_iterations):
        replay_buffer = np.random.rand(timesteps_per_iteration).astype(np.float32)
        key_dataloader, rng = jax.random.split(key_dataloader)
        dataloader = DataLoader(replay_buffer, batch_size, rng)
        for epoch in range(num_epochs):
            dataloader.shuffle()
            if epoch == 0:
                if first_perm is None:
                    first_perm = dataloader.indexes.copy()
                else:
                    same += int(np.array_equal(first_perm, dataloader.indexes))
            for batch in dataloader:
                pass
    return same
