"""PPO course project (Haiku + acme): after each rollout of `timesteps_per_iteration` transitions
the agent makes a DataLoader over the replay buffer and loops `for batch in dataloader:
agent.update(batch)`. DataLoader.__getitem__ slices `indexes[start:min(end, len(buffer))]`, so with
timesteps_per_iteration=2000 and batch_size=32 the last minibatch of every epoch has 16 rows and the
jitted value_and_grad of the value loss is compiled again for that shape. Rebuilt with a linear
value net, 10 transitions and batch size 4.

Source: https://github.com/emasquil/ppo/blob/83b54926ea69244d382bfb958271718932894eb0/ppo/replay_buffers/dataloader.py#L30
Observed on jax 0.10.x: value_loss compiled 2 times
"""
import jax
import numpy as np

from .agent import VanillaPPO
from .dataloader import DataLoader

timesteps_per_iteration = 10
batch_size = 4
num_epochs = 2


def run():
    key = jax.random.PRNGKey(0)
    key, key_init_networks = jax.random.split(key)
    key_dataloader, _ = jax.random.split(key)
    agent = VanillaPPO(key_init_networks, obs_dim=3, learning_rate=1e-2)
    replay_buffer = {
        "obs_t": np.random.rand(timesteps_per_iteration, 3).astype(np.float32),
        "advantages_t": np.random.rand(timesteps_per_iteration).astype(np.float32),
        "values_t": np.random.rand(timesteps_per_iteration, 1).astype(np.float32),
        "dones_tp1": np.zeros(timesteps_per_iteration),
    }
    dataloader = DataLoader(replay_buffer, batch_size, key_dataloader)
    for epoch in range(num_epochs):
        dataloader.shuffle()
        for batch in dataloader:
            agent.update(batch)
    return agent.value_params
