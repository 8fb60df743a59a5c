"""Annotated-S4 style training script. `train_epoch` receives an rng, splits a fresh dropout
key per batch (`rng, drop_rng = jax.random.split(rng)`) but never returns the advanced rng. The
epoch loop in `example_train` therefore passes the same `train_rng` into every epoch, so epoch 2
replays exactly the dropout masks of epoch 1, batch for batch.

Source: https://github.com/srush/annotated-s4/blob/f19e2464990f0c07943bb922894d6f2af65c9bd9/s4/train.py#L356
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import numpy as np
import optax

from train import train_epoch


def example_train(seed=0, epochs=3):
    key = jax.random.PRNGKey(seed)
    key, rng, train_rng = jax.random.split(key, num=3)
    w1_key, w2_key, data_key = jax.random.split(rng, 3)
    params = {"w1": 0.1 * jax.random.normal(w1_key, (8, 16)),
              "w2": 0.1 * jax.random.normal(w2_key, (16, 4))}
    tx = optax.adam(1e-3)
    state = (params, tx.init(params))
    xs = np.asarray(jax.random.normal(data_key, (4, 5, 8)))
    trainloader = [(xs[i], np.arange(5) % 4) for i in range(4)]

    epoch_masks = []
    for epoch in range(epochs):
        state, train_loss, masks = train_epoch(state, train_rng, tx, trainloader)  # expect: JAX503,JAX502
        epoch_masks.append(masks)
    return epoch_masks


def run():
    epoch_masks = example_train()
    return sum(
        all(np.array_equal(a, b) for a, b in zip(prev, cur))
        for prev, cur in zip(epoch_masks, epoch_masks[1:])
    )
