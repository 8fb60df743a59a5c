"""`jax.jit(cfg.loss_fn)` in a loop, where `loss_fn` is a plain function stored in a config.

Source: https://github.com/jax-ml/jax/issues/9288
jit caches on the function object. A function stored in a dataclass field is the same object on
every access (unlike a bound method), so jitting it in the loop hits the cache.

Observed on jax 0.10.x: squared_error compiled 1 time
"""

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp


def squared_error(pred, target):
    return jnp.mean((pred - target) ** 2)


@dataclass(frozen=True)
class TrainConfig:
    loss_fn: Callable = squared_error
    epochs: int = 3


def evaluate(cfg, preds, target):
    losses = []
    for pred in preds:
        losses.append(jax.jit(cfg.loss_fn)(pred, target))
    return losses


def run():
    evaluate(TrainConfig(), [jnp.ones(3)] * 3, jnp.zeros(3))
