from collections import namedtuple
from functools import partial
from typing import Callable, Dict

import jax
import jax.numpy as jnp


def get_kinematic_mask(particle_type):
    return particle_type == 3


@partial(jax.jit, static_argnames=["model_fn", "loss_weight"])
def _mse(
    params,
    features: Dict[str, jnp.ndarray],
    particle_type: jnp.ndarray,
    target: Dict[str, jnp.ndarray],
    model_fn: Callable,
    loss_weight: Dict[str, float],  # expect: JAX301
):
    pred = model_fn(params, features)
    assert all(target[k].shape == pred[k].shape for k in pred)
    non_kinematic_mask = jnp.logical_not(get_kinematic_mask(particle_type))
    num_non_kinematic = non_kinematic_mask.sum()
    losses = []
    for t in pred:
        w = getattr(loss_weight, t)
        losses.append((w * (pred[t] - target[t]) ** 2).sum(axis=-1))
    total_loss = jnp.array(losses).sum(0)
    total_loss = jnp.where(non_kinematic_mask, total_loss, 0)
    return total_loss.sum() / num_non_kinematic


class Trainer:
    def __init__(self, model_fn, cfg_train):
        loss_weight = cfg_train["loss_weight"]
        # the config dict is turned into a namedtuple before it reaches the jitted loss
        self.loss_weight = namedtuple("loss_weight", loss_weight)(**loss_weight)
        self.loss_fn = partial(_mse, model_fn=model_fn, loss_weight=self.loss_weight)
