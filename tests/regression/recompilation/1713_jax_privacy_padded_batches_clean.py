"""jax_privacy's DP logistic-regression example draws variable-size Poisson batches, so the
jitted `update_fn` would see a new batch shape almost every step. The example pads every
index batch with `pad_to_multiple_of(batch_idx, PADDING_MULTIPLE)` (padding slots marked
`-1` and zeroed via `is_padding_example`) before calling `update_fn`, so all batches fall
into a handful of shapes and the step compiles once per bucket rather than once per size.
With these batch sizes every batch lands in the same bucket.

Source: https://github.com/google-deepmind/jax_privacy/blob/8967688c26d46f3b74bfdfe61ef1f984b887abab/examples/dp_logistic_regression.py
Observed on jax 0.10.x: update_fn compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np

PADDING_MULTIPLE = 32
LEARNING_RATE = 0.5


def pad_to_multiple_of(idx, multiple):
    padded = -np.ones((-(-len(idx) // multiple) * multiple,), dtype=np.int64)
    padded[: len(idx)] = idx
    return padded


def logistic_loss(params, x, y, mask):
    logits = x @ params["w"] + params["b"]
    per_example = jnp.logaddexp(0.0, logits) - y * logits
    return jnp.sum(jnp.where(mask, per_example, 0.0)) / jnp.maximum(mask.sum(), 1)


@jax.jit
def update_fn(params, batch, is_padding_example):
    x, y = batch
    grads = jax.grad(logistic_loss)(params, x, y, ~is_padding_example)
    return jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads)


def run():
    rng = np.random.default_rng(0)
    features = rng.normal(size=(500, 5)).astype(np.float32)
    labels = (features[:, 0] > 0).astype(np.float32)
    params = {"w": jnp.zeros(5), "b": jnp.zeros(())}
    for step in range(6):
        batch_idx = np.flatnonzero(rng.random(500) < 0.05)  # Poisson sampling
        idx = pad_to_multiple_of(batch_idx, PADDING_MULTIPLE)
        is_padding_example = idx == -1
        batch = features[idx], labels[idx]
        params = update_fn(params, batch, is_padding_example)
    return None
