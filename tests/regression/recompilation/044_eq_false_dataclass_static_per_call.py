"""An `@dataclass(eq=False)` config built on every call and passed as a static argument.

Source: https://github.com/jax-ml/jax/pull/4720
`eq=False` keeps identity hashing, so the dataclass is accepted as static, but each new instance
is a new cache key: built per call, it compiles per call.

Observed on jax 0.10.x: forward compiled 3 times
"""

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(eq=False)
class LayerConfig:
    width: int = 4
    activation: str = "tanh"


@partial(jax.jit, static_argnums=2)
def forward(params, x, cfg):
    y = x @ params
    return jnp.tanh(y[..., : cfg.width]) if cfg.activation == "tanh" else y


def predict(params, x):
    return forward(params, x, LayerConfig(width=4))  # expect: JAX405


def run():
    for _ in range(3):
        predict(jnp.ones((3, 8)), jnp.ones((2, 3)))
