"""Dropout training loop deriving a per-step dropout key inside `train_step` (clean).

Source: https://github.com/google/flax/pull/2675
The Flax dropout guide passes `rngs={'dropout': dropout_key}` to `apply` and,
in the training step, derives a fresh key for every step with
`jax.random.fold_in(key=dropout_key, data=state.step)`. Model and loop live in
separate modules; each step gets a different mask.

Observed on jax 0.10.2: 0 of 4 calls
"""
import jax

import model
from train import train_loop


def run():
    root_key = jax.random.key(0)
    params = model.init(jax.random.key(1))
    x = jax.random.normal(jax.random.key(2), (4, 8, 6))
    batches = [{"x": xb, "y": xb.sum(-1), "step": i} for i, xb in enumerate(x)]
    _, masks = train_loop(params, batches, root_key)
    return sum(bool((m == masks[0]).all()) for m in masks[1:])
