"""The look-alike of 701: helpers of another module branch on flags that the jitted caller
marks static, so they are concrete at trace time.

Source: https://github.com/jax-ml/jax/pull/16430
Static arguments are Python values while tracing: `if training:` on them is fine.

Observed on jax 0.10.x: runs
"""

from functools import partial

import jax
import jax.numpy as jnp

from .blocks import activation, maybe_dropout


@partial(jax.jit, static_argnames=("training", "rate", "name"))
def forward(x, training, rate=0.1, name="relu"):
    return maybe_dropout(activation(x, name), training, rate)


def run():
    forward(jnp.ones(3), True)
    forward(jnp.ones(3), False, name="tanh")
