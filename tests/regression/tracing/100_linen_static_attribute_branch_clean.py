"""A Flax linen module branches on its own dataclass attribute; `apply` runs under `jax.jit`.

Source: https://github.com/google/flax/issues/1057
Module attributes are Python values fixed at construction, so `if self.use_skip:` is resolved
while tracing without touching a tracer.

Observed on jax 0.10.x: runs
"""

import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    use_skip: bool = True

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(x.shape[-1])(x)
        if self.use_skip:
            y = y + x
        if x.ndim == 2:
            y = nn.relu(y)
        return y


block = Block(use_skip=False)


@jax.jit
def forward(params, x):
    return block.apply(params, x)


def run():
    x = jnp.ones((2, 3))
    forward(block.init(jax.random.key(0), x), x)
