"""A robotics learner's MLP trainer builds
`FlaxDataloader(x, y, batch_size, jax.random.PRNGKey(12))` once and iterates over it
every epoch.  The loader stores the key in `self.rng` and each `__iter__` shuffles with
`jax.random.permutation(self.rng, num_samples)` without ever splitting or replacing the
stored key, so every epoch visits the mini-batches in exactly the same order: the
"shuffled" loader is a fixed permutation.  Rebuilt with a plain linear model and SGD in
place of the flax TrainState.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/mlp/data_gen.py#L6-L22
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp

from data_gen import FlaxDataloader


@jax.jit
def train_step(w, batch_x, batch_y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((batch_x @ w - batch_y) ** 2))(w)
    return w - 0.1 * g, loss


def run():
    x = jnp.linspace(-1.0, 1.0, 64)[:, None]
    y = 2 * x + jax.random.normal(jax.random.PRNGKey(0), (64, 1)) * 0.01
    train_dataloader = FlaxDataloader(x, y, 16, jax.random.PRNGKey(12))
    w = jnp.zeros((1, 1))
    first_batches = []
    for epoch in range(3):
        for k, (batch_x, batch_y) in enumerate(train_dataloader):
            if k == 0:
                first_batches.append(batch_x)
            w, loss = train_step(w, batch_x, batch_y)
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(first_batches, first_batches[1:]))
