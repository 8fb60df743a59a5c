"""PPO training loop (notebook): the keys are plain integers (`key_networks = 2`,
`key_sampling_policy = 2`, `key_shuffling_batch = 2`) and, after each rollout, the learning phase
builds `dataloader = DataLoader(agent.replay_buffer, batch_size, key_shuffling_batch)`, whose
constructor makes `hk.PRNGSequence(key_shuffling_batch)`. The seed never changes, so every training
iteration replays exactly the same sequence of minibatch permutations. (A later commit splits one
key per iteration.) run() counts iterations whose epoch-0 permutation equals the first iteration's.

Source: https://github.com/emasquil/ppo/blob/028d682bde1d96853dca0cefd56b34ecac304807/ppo.ipynb
Observed on jax 0.10.x: 2 of 2 calls
"""
import numpy as np

from dataloader import DataLoader

num_training_iterations = 3
timesteps_per_iteration = 8
num_epochs = 2
batch_size = 4

# Keys
key_networks = 2
key_sampling_policy = 2
key_shuffling_batch = 2


def run():
    first_perm = None
    same = 0
    for iteration in range(num_training_iterations):
        replay_buffer = np.random.rand(timesteps_per_iteration).astype(np.float32)
        dataloader = DataLoader(replay_buffer, batch_size, key_shuffling_batch)  # expect: JAX503
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
