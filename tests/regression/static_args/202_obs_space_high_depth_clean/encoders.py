from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("depth",))
def one_hot_obs(value, depth):
    return jax.nn.one_hot(value, depth)
