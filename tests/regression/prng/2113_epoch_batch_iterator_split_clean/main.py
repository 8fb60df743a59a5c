"""jax_v_pytorch MNIST/CIFAR train loop: epoch shuffling and per-step dropout keys are split.

`train_loop.py` keeps one `rng`; before each epoch it does `rng, new_rng = jax.random.split(rng)`
and hands `new_rng` to `batch_iterator` (which permutes the dataset with it), and before each
step it splits again and passes the fresh key into the jitted `step_fn`, where
`rngs_from_keys(rng, rng_keys)` fans it out into the 'dropout' and 'augment' streams. A key in a
data loader and a key per named stream, but none is drawn from twice.

Source: https://github.com/Sea-Snell/jax_v_pytorch/blob/5e004326df43a68c74489c141398b233f4582764/cifar_mnist/flax/train_loop.py#L165
Observed on jax 0.10.x: 0 of 2 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from flax_utils import batch_iterator, rngs_from_keys


class ImageData:
    def __init__(self, imgs, labels):
        self.imgs, self.labels = imgs, labels

    def __len__(self):
        return self.imgs.shape[0]

    def __getitem__(self, idx):
        return jnp.asarray(self.imgs[idx]), jnp.asarray(self.labels[idx])


def loss(params, x, y, rngs):
    keep = jax.random.bernoulli(rngs["dropout"], 0.9, x.shape)
    x = jnp.where(keep, x / 0.9, 0.0)
    x = x + 0.01 * jax.random.normal(rngs["augment"], x.shape)
    logits = x @ params
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(y.shape[0]), y])


@partial(jax.jit, static_argnums=(3,))
def step_fn(params, x, y, rng_keys, rng):
    rngs = rngs_from_keys(rng, set(rng_keys))
    l, g = jax.value_and_grad(loss)(params, x, y, rngs)
    return params - 0.1 * g, l


def train(epochs=3, bsize=8):
    data = ImageData(np.random.RandomState(0).randn(32, 5).astype(np.float32),
                     np.arange(32) % 3)
    params = jnp.zeros((5, 3))
    rng_keys = ("augment", "dropout")
    rng = jax.random.PRNGKey(0)
    orders = []
    for epoch in range(epochs):
        rng, new_rng = jax.random.split(rng)
        order = []
        for x, y in batch_iterator(new_rng, data, bsize):
            rng, new_rng = jax.random.split(rng)
            params, l = step_fn(params, x, y, rng_keys, new_rng)
            order.append(np.asarray(y))
        orders.append(np.concatenate(order))
    return orders


def run():
    orders = train()
    return sum(bool(np.array_equal(orders[i], orders[i - 1])) for i in range(1, len(orders)))
