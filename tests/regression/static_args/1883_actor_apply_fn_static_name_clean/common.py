"""Shared jitted policy helpers (after jaxrl2/agents/common.py)."""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames="actor_apply_fn")
def eval_actions_jit(actor_apply_fn: Callable, actor_params, observations: np.ndarray) -> jnp.ndarray:
    mean, _ = actor_apply_fn({"params": actor_params}, observations)
    return mean


@partial(jax.jit, static_argnames="actor_apply_fn")
def sample_actions_jit(rng, actor_apply_fn: Callable, actor_params, observations: np.ndarray):
    mean, std = actor_apply_fn({"params": actor_params}, observations)
    rng, key = jax.random.split(rng)
    return rng, mean + std * jax.random.normal(key, mean.shape)
