"""Robot-policy training (LeRobot PushT data, flax): the custom DataLoader's `__next__` takes
`batch_end = min(self.iter_ptr + self.batch_size, self.num_rows)`, so the final batch of every epoch
holds only `num_rows % batch_size` samples, and `__len__` is a `math.ceil`. `train_step_jit` is a
`@jax.jit` closure called on every batch, so each epoch's short tail batch triggers a second full
compile of the training step (model, loss and optimizer). Rebuilt with a tiny linear policy,
10 rows and batch size 4.

Source: https://github.com/michael-lutz/robax/blob/f6a5539081f219c6b059cf76242090bb45cb3a73/robax/training/data_utils/dataloader.py#L269
Observed on jax 0.10.x: train_step_jit compiled 2 times
"""
import numpy as np

from .train import train_model


def run():
    config = {
        "training": {"seed": 0, "epochs": 2},
        "data": {"batch_size": 4, "action_history_length": 1},
    }
    dataset = {
        "observation.state": np.random.rand(10, 2).astype(np.float32),
        "action": np.random.rand(10, 3, 2).astype(np.float32),
    }
    return train_model(config, dataset)
