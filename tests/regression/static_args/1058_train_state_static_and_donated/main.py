"""Train step that donates every non-batch argument, including the static config.

Source: https://ymlei.github.io/2025/08/31/jax-donation/
What happened: the post walks through what donating an argument does in jax.jit
(donated buffers become input/output aliases); donation only applies to array
arguments, and naming the static config among the donated arguments is rejected
by jax.jit when the wrapper is built.
Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from config import OptimConfig
from steps import build_train_step


def run():
    step = build_train_step()
    params = jnp.ones(3)
    batch = jnp.ones((4, 3))
    return step(params, batch, config=OptimConfig()).sum()
