"""A Flax linen module's `__call__` branches on the input's mean; `apply` runs under `jax.jit`.

Source: https://github.com/google/flax/issues/386
Linen modules are traced through `apply`; a jitted step that calls `model.apply` makes every
input of `__call__` a tracer, so data-dependent Python control flow there raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import flax.linen as nn
import jax
import jax.numpy as jnp


class GatedBlock(nn.Module):
    @nn.compact
    def __call__(self, x):
        y = nn.Dense(3)(x)
        if x.mean() > 0:  # expect: JAX201
            y = nn.relu(y)
        return y


block = GatedBlock()


@jax.jit
def forward(params, x):
    return block.apply(params, x)


def run():
    x = jnp.ones((2, 3))
    params = block.init(jax.random.key(0), -x)
    forward(params, x)
