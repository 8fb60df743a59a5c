"""Attention heads split with jnp.split using a head count carried in a NamedTuple config.

Source: https://github.com/jax-ml/jax/pull/2508
The PR added a clearer error for tracers in numpy.split: `jax.jit(split)(np.zeros(2), 2, 0)`
fails because the number of sections must be static.  Here the head count lives in a
NamedTuple config that is passed as a pytree argument, so it is traced.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class AttnConfig(NamedTuple):
    num_heads: int
    dropout: float


def split_heads(qkv, cfg):
    return jnp.split(qkv, cfg.num_heads, axis=-1)  # expect: JAX204


@jax.jit
def attention_scores(x, w_qkv, cfg):
    qkv = x @ w_qkv
    heads = split_heads(qkv, cfg)
    return jnp.stack([h @ h.T for h in heads])


def run():
    cfg = AttnConfig(num_heads=4, dropout=0.1)
    return attention_scores(jnp.ones((5, 8)), jnp.ones((8, 16)), cfg)
