"""Class-weighted loss with a frozen config of plain tuples as the static argument (fixed version).

Source: https://github.com/jax-ml/jax/issues/7703
The report's problem was a hashable-looking dataclass carrying a jax array into a static
position. The fix users adopt: keep only hashable Python values (floats, tuples) in the
static config and build the weight array inside the traced function.

Observed on jax 0.10.2: weighted_xent compiled 1 times
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class LossConfig:
    label_smoothing: float
    class_weights: tuple


@functools.partial(jax.jit, static_argnames=("cfg",))
def weighted_xent(logits, labels, cfg):
    n = logits.shape[-1]
    onehot = jax.nn.one_hot(labels, n)
    onehot = onehot * (1.0 - cfg.label_smoothing) + cfg.label_smoothing / n
    logp = jax.nn.log_softmax(logits)
    weights = jnp.asarray(cfg.class_weights)
    return -(onehot * logp * weights).sum(-1).mean()


def evaluate(logits, labels):
    cfg = LossConfig(label_smoothing=0.1, class_weights=(1.0, 2.0, 0.5))
    return weighted_xent(logits, labels, cfg=cfg)


def run():
    logits = jnp.zeros((4, 3))
    labels = jnp.array([0, 1, 2, 1])
    out = None
    for _ in range(3):
        out = evaluate(logits, labels)
    return out
