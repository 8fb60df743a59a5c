"""Adam-style moment updates used by a hand-rolled (un-jitted) optimizer."""
from typing import NamedTuple

import functools

import jax
import jax.numpy as jnp


class ScaleByAdamState(NamedTuple):
    count: jnp.ndarray
    mu: jnp.ndarray
    nu: jnp.ndarray


def update_moment(updates, moments, decay, order):
    return jax.tree_util.tree_map(lambda g, t: (1 - decay) * (g ** order) + decay * t, updates, moments)


@functools.partial(jax.jit, inline=True)
def bias_correction(moment, decay, count):
    bias_correction_ = 1 - decay ** count
    return jax.tree_util.tree_map(lambda t: t / bias_correction_.astype(t.dtype), moment)


def scale_by_adam_update(updates, state, b1=0.9, b2=0.999, eps=1e-8):
    mu = update_moment(updates, state.mu, b1, 1)
    nu = update_moment(updates, state.nu, b2, 2)
    count = state.count + 1
    mu_hat = bias_correction(mu, b1, count)
    nu_hat = bias_correction(nu, b2, count)
    out = jax.tree_util.tree_map(lambda m, v: m / (jnp.sqrt(v) + eps), mu_hat, nu_hat)
    return out, ScaleByAdamState(count, mu, nu)
