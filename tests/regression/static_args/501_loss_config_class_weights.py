"""Class-weighted loss whose config object (holding an array) is passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/7703
In the report a `dataclasses.dataclass(unsafe_hash=True)` holding a jax array was passed
as a static argument; `hash(c)` fails with "unhashable type" because the array inside the
dataclass cannot be hashed, so jit refuses the call. Here the config of a weighted
cross-entropy loss carries per-class weights as a jnp array and is marked static.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(unsafe_hash=True)
class LossConfig:
    label_smoothing: float
    class_weights: jax.Array


@functools.partial(jax.jit, static_argnames=("cfg",))
def weighted_xent(logits, labels, cfg):
    n = logits.shape[-1]
    onehot = jax.nn.one_hot(labels, n)
    onehot = onehot * (1.0 - cfg.label_smoothing) + cfg.label_smoothing / n
    logp = jax.nn.log_softmax(logits)
    return -(onehot * logp * cfg.class_weights).sum(-1).mean()


def evaluate(logits, labels):
    cfg = LossConfig(label_smoothing=0.1, class_weights=jnp.array([1.0, 2.0, 0.5]))
    return weighted_xent(logits, labels, cfg=cfg)  # expect: JAX302


def run():
    logits = jnp.zeros((4, 3))
    labels = jnp.array([0, 1, 2, 1])
    return evaluate(logits, labels)
