import jax.numpy as jnp

from loader import block_shuffled_batches
from model import train_step


def train_epoch(w, features, targets, batch_size):
    for idx in block_shuffled_batches(len(features), block_rows=40, batch_size=batch_size):
        x = jnp.asarray(features[idx])
        y = jnp.asarray(targets[idx])
        w, loss = train_step(w, x, y)  # expect: JAX404
    return w
