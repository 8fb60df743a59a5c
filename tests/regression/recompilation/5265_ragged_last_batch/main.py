"""ML-in-JAX's MNIST script feeds a torch DataLoader(batch_size=128, shuffle=True) without
drop_last into the jitted sgd_momentum step. 60000 is not a multiple of 128, so the last
batch of every epoch has a different leading dimension and the step is traced and
compiled a second time for it. Rebuilt with a small in-memory loader (10 examples,
batch 4: batches of 4, 4 and 2) instead of torchvision.

Source: https://github.com/WilliamZhang20/ML-in-JAX/blob/01664b06c91a78b20d82522bc438f9fc669c1819/mnist_nn.py#L57
Observed on jax 0.10.x: sgd_momentum compiled 2 times
"""
import numpy as np
import jax.numpy as jnp
from jax import random

from optimized_sgd import sgd_momentum

layer_sizes = [6, 8, 3]
step_size = 0.01
num_epochs = 2
batch_size = 4
n_targets = 3


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


def one_hot(x, k, dtype=jnp.float32):
    return jnp.array(x[:, None] == jnp.arange(k), dtype)


def training_generator(images, labels, rng):
    order = rng.permutation(len(images))
    for start in range(0, len(images), batch_size):
        idx = order[start:start + batch_size]
        yield images[idx], labels[idx]


def run():
    rng = np.random.default_rng(0)
    train_images = rng.standard_normal((10, 6)).astype(np.float32)
    train_labels = rng.integers(0, n_targets, size=10)
    params = init_network_params(layer_sizes, random.key(0))
    velocities = [(jnp.zeros_like(w), jnp.zeros_like(b)) for w, b in params]
    for epoch in range(num_epochs):
        for x, y in training_generator(train_images, train_labels, rng):
            x = jnp.array(x)
            y = one_hot(jnp.array(y), n_targets)
            params, velocities = sgd_momentum(params, x, y, velocities, step_size, momentum=0.9)  # expect: JAX404
    return 0
