"""Simplified AdEMAMix as an optax-style gradient transformation."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp

from numerics import safe_increment


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class ScaleBySimplifiedAdEMAMixState(NamedTuple):
    t: Any
    m: Any
    n: Any


def scale_by_simplified_ademamix(b1=0.99, b2=0.95, alpha=0.0, eps=1e-8):
    def init_fn(params):
        return ScaleBySimplifiedAdEMAMixState(
            t=jnp.array(0),
            m=jax.tree_util.tree_map(jnp.zeros_like, params),
            n=jax.tree_util.tree_map(jnp.zeros_like, params),
        )

    def update_fn(updates, state, params=None):
        m = jax.tree_util.tree_map(lambda g, m: g + b1 * m, updates, state.m)
        n = jax.tree_util.tree_map(lambda g, n: b2 * n + (1 - b2) * g * g, updates, state.n)
        t = safe_increment(state.t)
        n_hat = jax.tree_util.tree_map(lambda n: n / (1 - b2 ** t), n)
        u = jax.tree_util.tree_map(lambda m, g, nh: (m + alpha * g) / (jnp.sqrt(nh) + eps),
                                   m, updates, n_hat)
        return u, ScaleBySimplifiedAdEMAMixState(t=t, m=m, n=n)

    return GradientTransformation(init_fn, update_fn)
