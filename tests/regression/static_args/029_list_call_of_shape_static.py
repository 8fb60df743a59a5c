"""`list(x.shape)` passed as a static shape argument.

Source: https://github.com/rlouf/mcx/issues/58
After jax 0.2.6 rejected non-hashable static arguments, code that turned shapes into lists
before passing them as static broke.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def init_state(scale, shape):
    return scale * jnp.ones(shape)


def prepare(batch):
    return init_state(0.5, list(batch.shape))  # expect: JAX302


def run():
    return prepare(jnp.ones((2, 3)))
