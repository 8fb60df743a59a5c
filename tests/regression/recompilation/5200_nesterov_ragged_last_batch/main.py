"""MNIST MLP trained with a hand-written jitted Nesterov step. The batches come from a torch
DataLoader(mnist_dataset, batch_size=128, shuffle=True) without drop_last: 60000 images are not a
multiple of 128, so the last batch of every epoch has 96 rows. `nesterov` is jitted on the batch
shape, so the ragged final batch triggers a second compilation (and the eval on the full train set
inside the loop would too). Rebuilt with a small numpy batch iterator (10 samples, batch 4).

Source: https://github.com/WilliamZhang20/ML-in-JAX/blob/9d607a2d0f1dd67bb95ccb05f2eae4c96f8e202e/mnist_nn.py#L87
Observed on jax 0.10.x: nesterov compiled 2 times
"""
import numpy as np
import jax.numpy as jnp
from jax import random

from optimized_sgd import nesterov

layer_sizes = [16, 8, 10]
step_size = 0.01
num_epochs = 2
batch_size = 4
n_targets = 10


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [(1e-2 * random.normal(k, (n, m)), jnp.zeros(n)) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


def one_hot(x, k, dtype=jnp.float32):
    return jnp.array(x[:, None] == jnp.arange(k), dtype)


def training_generator(images, labels, batch_size):
    perm = np.random.permutation(len(images))
    for start in range(0, len(images), batch_size):  # like DataLoader(drop_last=False)
        idx = perm[start:start + batch_size]
        yield images[idx], labels[idx]


def run():
    params = init_network_params(layer_sizes, random.key(0))
    velocities = [(jnp.zeros_like(w), jnp.zeros_like(b)) for w, b in params]
    images = np.random.rand(10, 16).astype(np.float32)
    labels = np.random.randint(0, 10, size=10)
    for epoch in range(num_epochs):
        for x, y in training_generator(images, labels, batch_size):
            x = jnp.array(x)
            y = one_hot(jnp.array(y), n_targets)
            params, velocities = nesterov(params, x, y, velocities, step_size)  # expect: JAX404
    return params


if __name__ == "__main__":
    run()
