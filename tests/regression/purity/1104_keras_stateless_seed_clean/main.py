"""Clean look-alike: the dropout seed state is an explicit input/output of the step.

Source: https://github.com/keras-team/keras-core/issues/650 (the fix discussed
there: random ops must get their seed state from outside instead of a Python
default drawn at trace time)

The jitted step receives the current seed state as an array, draws its mask from
it and returns the advanced state, so every call sees a fresh mask and the
program contains no trace-time constant seed.

Observed on jax 0.10.2: 0 of 4 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from .layers import MLPBlock
from .seed_generator import make_seed_state, next_seed_state


block = MLPBlock(rate=0.5)


@jax.jit
def train_forward(params, x, seed_state):
    out, mask = block(params, x, seed_state, training=True)
    return jnp.sum(out ** 2), mask, next_seed_state(seed_state)


def run():
    params = {"w": jnp.ones((4, 16)) * 0.1, "b": jnp.zeros((16,))}
    x = jnp.ones((8, 4))
    seed_state = make_seed_state(1337)
    _, first, seed_state = train_forward(params, x, seed_state)
    same = 0
    for _ in range(4):
        _, mask, seed_state = train_forward(params, x, seed_state)
        same += int(np.array_equal(np.asarray(mask), np.asarray(first)))
    return same
