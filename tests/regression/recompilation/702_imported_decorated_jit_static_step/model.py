from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="width")
def denoise(x, width):
    return x * jnp.ones(width)[: x.shape[0]].sum()
