"""A plain (non-frozen) `@dataclass` config passed as a static argument.

Source: https://github.com/jax-ml/jax/pull/4720
The docs were changed to say static arguments should be immutable; a `@dataclass` with the
default `eq=True` and no `frozen=True` sets `__hash__` to None, so jit cannot hash it.

Observed on jax 0.10.x: raises ValueError
"""

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass
class ModelConfig:
    hidden: int = 8
    dropout: float = 0.1


@partial(jax.jit, static_argnums=2)
def forward(params, x, cfg):
    return jnp.tanh(x @ params)[..., : cfg.hidden]


def evaluate(params, x):
    cfg = ModelConfig(hidden=4)
    return forward(params, x, cfg)  # expect: JAX302


def run():
    return evaluate(jnp.ones((3, 8)), jnp.ones((2, 3)))
