"""A NumPy array passed as a static argument.

Source: https://github.com/rlouf/mcx/issues/58
Since jax 0.2.6, non-hashable static arguments raise: `mcx` passed arrays as static arguments
of a jitted warmup function and broke on upgrade.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=(1,))
def longest_batch_before_turn(position, step_sizes):
    return position + jnp.asarray(step_sizes).sum()


def warmup():
    step_sizes = np.linspace(0.1, 1.0, 4)
    return longest_batch_before_turn(jnp.zeros(2), step_sizes)  # expect: JAX302


def run():
    return warmup()
